import { paths, type AdminRole, type MerchantRole } from '@localperks/shared';

/*
 * The console's sections (docs/decisions/0068-console.md): each has its own address, a label in the side
 * navigation (the spec's tab names where it gives one, docs/product/merchant-admin-spec.md §2) and the roles whose
 * work it is (docs/decisions/0062-roles-and-staff.md). The server refuses the rest on every route; the console
 * leaves them out of its navigation and says so when one is asked for by its address. The router (app/router.tsx)
 * makes one route per section from these lists, and the side navigation shows them in this order.
 */

export interface ConsoleSection<Id extends string, Role extends string> {
  id: Id;
  label: string;
  path: string;
  roles: readonly Role[];
}

const admin = <Id extends string>(id: Id, label: string, path: string, roles: readonly AdminRole[]) => ({ id, label, path, roles });

export const ADMIN_SECTIONS = [
  admin('overview', 'Overview', '/admin/dashboard', ['owner', 'finance']),
  admin('approval', 'Merchant Approval', '/admin/approvals', ['owner']),
  admin('businesses', 'Businesses', '/admin/businesses', ['owner']),
  admin('customers', 'Customers', '/admin/customers', ['owner', 'support']),
  admin('deals', 'Deals', '/admin/deals', ['owner']),
  admin('orders', 'Orders', '/admin/orders', ['owner', 'support', 'finance']),
  admin('vouchers', 'Vouchers', '/admin/vouchers', ['owner', 'support', 'finance']),
  admin('payouts', 'Payout Management', '/admin/payouts', ['owner', 'finance']),
  admin('refunds', 'Refunds', '/admin/refunds', ['owner', 'support', 'finance']),
  admin('disputes', 'Disputes', '/admin/disputes', ['owner', 'finance']),
  admin('promo-codes', 'Promo Codes', '/admin/promo-codes', ['owner', 'finance']),
  admin('support', 'Customer Support', '/admin/support', ['owner', 'support']),
  admin('reviews', 'Reviews', '/admin/reviews', ['owner', 'support']),
  admin('jobs', 'Jobs', '/admin/jobs', ['owner']),
  admin('audit', 'Audit Trail', '/admin/audit', ['owner']),
  admin('settings', 'Settings', '/admin/settings', ['owner']),
] as const satisfies readonly ConsoleSection<string, AdminRole>[];
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

const merchant = <Id extends string>(id: Id, label: string, path: string, roles: readonly MerchantRole[]) => ({ id, label, path, roles });

/** Billing, payouts, plans and staff are the business owner's; a redeemer has the redeem screen only. */
export const MERCHANT_SECTIONS = [
  merchant('analytics', 'Revenue & Analytics', '/merchant/dashboard', ['owner', 'manager']),
  merchant('messages', 'Customer Messages', '/merchant/messages', ['owner', 'manager']),
  merchant('plans', 'Switch Plans', '/merchant/plans', ['owner']),
  merchant('deals', 'My Deals', '/merchant/deals', ['owner', 'manager']),
  merchant('reviews', 'Reviews', '/merchant/reviews', ['owner', 'manager']),
  merchant('vouchers', 'Vouchers Sold', '/merchant/vouchers', ['owner', 'manager']),
  merchant('redemptions', 'Redemptions', '/merchant/redemptions', ['owner', 'manager']),
  merchant('refunds', 'Refund requests', '/merchant/refunds', ['owner', 'manager']),
  merchant('billing', 'Billing', '/merchant/billing', ['owner']),
  merchant('payouts', 'Payouts', paths.merchantPayouts, ['owner']),
  merchant('business', 'Business Page', '/merchant/business', ['owner', 'manager']),
  merchant('staff', 'Staff', '/merchant/staff', ['owner']),
  merchant('redeem', 'Redeem Voucher', '/merchant/redeem', ['owner', 'manager', 'redeemer']),
  merchant('pre-launch', 'Launch Checklist', '/merchant/pre-launch', ['owner', 'manager']),
] as const satisfies readonly ConsoleSection<string, MerchantRole>[];
export type MerchantSectionId = (typeof MERCHANT_SECTIONS)[number]['id'];

export const adminSection = (id: AdminSectionId) => ADMIN_SECTIONS.find((s) => s.id === id)!;
export const merchantSection = (id: MerchantSectionId) => MERCHANT_SECTIONS.find((s) => s.id === id)!;

export const adminMayOpen = (id: AdminSectionId, role: AdminRole | null) => Boolean(role && adminSection(id).roles.includes(role));
export const merchantMayOpen = (id: MerchantSectionId, role: MerchantRole | null) =>
  Boolean(role && merchantSection(id).roles.includes(role));

/**
 * The address of a section from the dashboard's older `?tab=` addresses (bookmarks, e-mails already sent, the
 * notifications' links): the same query less `tab`, on the section's own path.
 */
export function sectionFromTab(sections: readonly { id: string; path: string }[], search: string): string | null {
  const query = new URLSearchParams(search);
  const tab = query.get('tab');
  const to = sections.find((s) => s.id === tab);
  if (!to) return null;
  query.delete('tab');
  const rest = query.toString();
  return rest ? `${to.path}?${rest}` : to.path;
}
