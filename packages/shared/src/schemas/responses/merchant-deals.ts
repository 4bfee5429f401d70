import { z } from 'zod';
import { DEAL_STATUSES, DEAL_TYPES } from '../../constants';
import { cents, count, isoDate } from './common';

/** A merchant's own deal as the dashboard and the edit page show it. */
export const merchantDealSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  finePrint: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  type: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  categoryId: z.number().int(),
  city: z.string(),
  state: z.string(),
  originalPriceCents: cents(),
  dealPriceCents: cents(),
  discountPercentage: z.number(),
  expirationDate: isoDate(),
  votesRequired: count().nullable(),
  currentVotes: count(),
  votingEndDate: isoDate().nullable(),
  boostDays: z.number().int().nullable(),
  unlockedAt: isoDate().nullable(),
  moderationReason: z.string().nullable(),
  createdAt: isoDate(),
  purchaseCount: count(),
  /** Whether the deletion rule allows removing it (customer.md §5 Deletion rule). */
  canDelete: z.boolean(),
});
export type MerchantDeal = z.infer<typeof merchantDealSchema>;

export const merchantDealsPageSchema = z.object({
  deals: z.array(merchantDealSchema),
  total: count(),
  page: count(),
  pageSize: count(),
  /** Whether this merchant may create deals now, and if not, why (shown on the tab). */
  canCreateDeals: z.boolean(),
  reason: z.string().nullable(),
});
export type MerchantDealsPage = z.infer<typeof merchantDealsPageSchema>;

/** What saving a deal answers: the deal, whether phone numbers were removed, and a payment page for a PerkBoost launch. */
export const saveMerchantDealResultSchema = z.object({
  deal: merchantDealSchema,
  phoneNumbersRemoved: z.boolean(),
  checkoutUrl: z.string().nullable(),
});
export type SaveMerchantDealResult = z.infer<typeof saveMerchantDealResultSchema>;

export const boostCheckoutSchema = z.object({ checkoutUrl: z.string() });
export type BoostCheckout = z.infer<typeof boostCheckoutSchema>;

/** An uploaded deal image, stored resized as WebP with a thumbnail beside it. */
export const uploadedImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
