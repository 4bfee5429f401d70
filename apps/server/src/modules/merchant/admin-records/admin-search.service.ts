import { sql } from 'drizzle-orm';
import { ADMIN_SEARCH_PER_KIND, mayOpenRecord as may, paths, type AdminRole, type AdminSearchResult } from '@localperks/shared';
import { normalizeRedemptionCode } from '../../money';
import type { Deps } from '../../../lib/deps';
import { escapeLike } from '../../../lib/escape-like';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The console's global search (issue 32, docs/decisions/0072-record-pages-and-search.md): a customer by e-mail or
 * name, a business by name, an order by its id (whole, or its first 8 or more characters as the tables show them)
 * and a voucher by its code, each kind only for the roles whose record pages open it, ADMIN_SEARCH_PER_KIND of each.
 */

const HEX_PREFIX = /^[0-9a-f]{8,32}$/;

/** The id range a hexadecimal prefix of an order id covers (dashes left out), walked on the primary key's index. */
function idRange(q: string): [string, string] | null {
  const hex = q.toLowerCase().replaceAll('-', '');
  if (!HEX_PREFIX.test(hex)) return null;
  const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [uuid(hex.padEnd(32, '0')), uuid(hex.padEnd(32, 'f'))];
}

export async function adminSearch(deps: Pick<Deps, 'db'>, role: AdminRole, q: string): Promise<{ results: AdminSearchResult[] }> {
  const { db } = deps;
  const term = q.trim();
  const lower = term.toLowerCase();
  const anywhere = `%${escapeLike(lower)}%`;
  const ids = idRange(term);
  const code = normalizeRedemptionCode(term);
  const none = Promise.resolve([] as AdminSearchResult[]);
  const [customers, merchants, orders, vouchers] = await Promise.all([
    may('customer', role)
      ? sqlRows<{ id: string; name: string; email: string }>(
          db,
          sql`select u.id, coalesce(u.name, '') as name, u.email from users u
            where u.role = 'customer' and u.deleted_at is null
              and (lower(u.email) like ${`${escapeLike(lower)}%`} or lower(coalesce(u.name, '')) like ${anywhere})
            order by (lower(u.email) = ${lower}) desc, u.created_at desc, u.id limit ${ADMIN_SEARCH_PER_KIND}`,
        ).then((rows) =>
          rows.map((r): AdminSearchResult => ({
            kind: 'customer',
            id: r.id,
            label: r.name || r.email,
            detail: r.email,
            href: paths.adminCustomer(r.id),
          })),
        )
      : none,
    may('merchant', role)
      ? sqlRows<{ id: string; businessName: string; city: string; state: string }>(
          db,
          sql`select m.id, m.business_name as "businessName", m.city, m.state from merchants m
            where lower(m.business_name) like ${anywhere}
            order by (lower(m.business_name) = ${lower}) desc, m.business_name, m.id limit ${ADMIN_SEARCH_PER_KIND}`,
        ).then((rows) =>
          rows.map((r): AdminSearchResult => ({
            kind: 'merchant',
            id: r.id,
            label: r.businessName,
            detail: `${r.city}, ${r.state}`,
            href: paths.adminMerchant(r.id),
          })),
        )
      : none,
    ids
      ? sqlRows<{ id: string; status: string; totalCents: number; email: string }>(
          db,
          sql`select o.id, o.status, o.total_cents as "totalCents", u.email from orders o join users u on u.id = o.user_id
            where o.id between ${ids[0]}::uuid and ${ids[1]}::uuid order by o.id limit ${ADMIN_SEARCH_PER_KIND}`,
        ).then((rows) =>
          rows.map((r): AdminSearchResult => ({
            kind: 'order',
            id: r.id,
            label: `Order ${r.id.slice(0, 8)}`,
            detail: `${r.status} · $${(r.totalCents / 100).toFixed(2)} · ${r.email}`,
            href: paths.adminOrder(r.id),
          })),
        )
      : none,
    /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(code)
      ? sqlRows<{ id: string; orderId: string; code: string; dealTitle: string; email: string }>(
          db,
          sql`select p.id, p.order_id as "orderId", p.redemption_code as code, p.deal_title as "dealTitle", u.email
            from purchases p join users u on u.id = p.user_id where p.redemption_code = ${code} limit ${ADMIN_SEARCH_PER_KIND}`,
        ).then((rows) =>
          rows.map((r): AdminSearchResult => ({
            kind: 'voucher',
            id: r.id,
            label: `Voucher ${r.code}`,
            detail: `${r.dealTitle} · ${r.email}`,
            href: paths.adminOrder(r.orderId),
          })),
        )
      : none,
  ]);
  return { results: [...vouchers, ...orders, ...customers, ...merchants] };
}
