import { z } from 'zod';
import { count, pageFields } from './common';
import { dealDetailSchema, dealOptionSchema } from './deals';
import { dealAppealOutSchema } from './admin';

/**
 * A merchant's own deal as the dashboard and the edit page show it: the deal page's fields without the
 * merchant's own name and address, plus what only its owner sees.
 */
export const merchantDealSchema = dealDetailSchema
  .omit({
    merchantId: true,
    merchantName: true,
    merchantSlug: true,
    merchantCity: true,
    merchantState: true,
    merchantWebsite: true,
    place: true,
  })
  .extend({
    /** The options with their total stock (the form's "Stock"), beside what is left. */
    options: z.array(dealOptionSchema.extend({ stockTotal: count().nullable() })),
    restockOnRefund: z.boolean(),
    boostDays: z.number().int().nullable(),
    moderationReason: z.string().nullable(),
    /** A deal taken down by an admin: the merchant's latest appeal, and the unused boost refunded (cents, 0 when none). */
    appeal: dealAppealOutSchema.nullable(),
    boostRefundCents: z.number().int().nonnegative(),
    purchaseCount: count(),
    /** Whether the deletion rule allows removing it (docs/product/customer-spec.md §5 Deletion rule). */
    canDelete: z.boolean(),
  });
export type MerchantDeal = z.infer<typeof merchantDealSchema>;

export const merchantDealsPageSchema = z.object({
  deals: z.array(merchantDealSchema),
  ...pageFields,
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
