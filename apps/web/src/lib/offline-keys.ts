/** Where the signed-in customer's session and vouchers are kept on the device (local storage; lib/offline-store.ts). */
export const OFFLINE_STORE_KEY = 'localperks.offline-vouchers';
/** The service worker's cache of the kept vouchers' QR images (src/sw.ts imports it: this file imports nothing). */
export const VOUCHER_QR_CACHE = 'voucher-qr';
