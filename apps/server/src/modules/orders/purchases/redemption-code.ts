import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { paths } from '@localperks/shared';

/** Crockford base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new redemption code: 12 random base32 characters (60 bits), shown as `XXXX-XXXX-XXXX`. */
export function generateRedemptionCode(): string {
  const bytes = randomBytes(12);
  let raw = '';
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (const b of bytes) raw += ALPHABET[b % 32];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** The merchant redeem screen with the code filled in: what the voucher's QR encodes. */
export const redeemUrlFor = (appUrl: string, code: string) => `${appUrl}${paths.merchantRedeemCode(code)}`;

export const qrSvg = (text: string) =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0f172a', light: '#ffffff' } });
export const qrPng = (text: string) => QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
