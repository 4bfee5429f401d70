import { AVATAR_LETTERS, type MerchantRole, type Role } from '../constants';

/** The profile name, else the part of the e-mail before the at sign, else empty (docs/product/customer-spec.md §3). */
export function displayName(name: string | null | undefined, email: string | null | undefined): string {
  if (name && name.trim()) return name.trim();
  if (email && email.includes('@')) return email.split('@')[0] ?? '';
  return '';
}

/** First two letters of the name, upper case. */
export function avatarInitials(name: string): string {
  return name
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, AVATAR_LETTERS)
    .toUpperCase();
}

/**
 * Where a user goes after signing in, or when a signed-in user opens a sign-in page. A business's redeemer has the
 * redeem screen only (docs/decisions/0062-roles-and-staff.md).
 */
export function homePathForRole(role: Role | null | undefined, merchantRole?: MerchantRole | null): string {
  if (role === 'admin') return '/admin/dashboard';
  if (role === 'merchant') return merchantRole === 'redeemer' ? '/merchant/redeem' : '/merchant/dashboard';
  return '/';
}

/** Only same-site relative paths are accepted as a return target (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
