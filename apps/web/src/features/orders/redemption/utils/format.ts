export { formatDate, formatDateTime } from '../../../../lib/format';

/**
 * The code in a scanned QR: the voucher's QR holds the redeem link (`…/merchant/redeem?code=…`);
 * anything else is taken as the code itself.
 */
export function codeFromScan(text: string): string {
  const raw = text.trim();
  try {
    const code = new URL(raw).searchParams.get('code');
    if (code) return code;
  } catch {
    /* not a URL: the code itself */
  }
  return raw;
}
