import { z } from 'zod';
import { PLAN_IDS } from '../../constants';
import { count, isoDate, pageFields } from './common';

/** A customer account as the admins' Customers tab lists it (docs/decisions/0063-suspensions-and-bans.md). */
export const adminCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: isoDate(),
  emailVerified: z.boolean(),
  purchases: count(),
  bannedAt: isoDate().nullable(),
  banReason: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomersPageSchema = z.object({ customers: z.array(adminCustomerSchema), ...pageFields });
export type AdminCustomersPage = z.infer<typeof adminCustomersPageSchema>;
export const adminCustomerResultSchema = z.object({ customer: adminCustomerSchema });
export type AdminCustomerResult = z.infer<typeof adminCustomerResultSchema>;

/** An approved business as the admins' Businesses tab lists it, with its suspension if any. */
export const adminBusinessSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  slug: z.string(),
  email: z.string(),
  city: z.string(),
  state: z.string(),
  plan: z.enum(PLAN_IDS),
  liveDeals: count(),
  suspendedAt: isoDate().nullable(),
  suspensionReason: z.string().nullable(),
  /** Its newest registration: the admin thread where the merchant answers. */
  registrationId: z.string().nullable(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;
export const adminBusinessesPageSchema = z.object({ businesses: z.array(adminBusinessSchema), ...pageFields });
export type AdminBusinessesPage = z.infer<typeof adminBusinessesPageSchema>;
export const adminBusinessResultSchema = z.object({ business: adminBusinessSchema });
export type AdminBusinessResult = z.infer<typeof adminBusinessResultSchema>;
