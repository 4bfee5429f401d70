import { z } from 'zod';
import { giftInputSchema } from './checkout';
import { isoDate } from './responses/common';

/** A gift as its buyer sees it under the voucher (docs/decisions/0066-gifts.md). */
export const purchaseGiftSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  /** The buyer's view only; the recipient sees who sent it instead. */
  recipientEmail: z.string().nullable(),
  message: z.string(),
  deliverAt: isoDate(),
  deliveredAt: isoDate().nullable(),
  claimedAt: isoDate().nullable(),
  /** The signed-in customer bought it (and holds no code for it once it is a gift). */
  isBuyer: z.boolean(),
  /** Who sent it (the recipient's view). */
  fromName: z.string(),
});
export type PurchaseGift = z.infer<typeof purchaseGiftSchema>;

/** PATCH /api/gifts/:id: an unclaimed gift's recipient address. */
export const changeGiftRecipientSchema = giftInputSchema.pick({ recipientEmail: true });
export type ChangeGiftRecipient = z.input<typeof changeGiftRecipientSchema>;

/** The claim link's token. */
export const giftTokenSchema = z.object({ token: z.string().min(20).max(200) });

/** What the claim page shows before claiming. */
export const giftPreviewSchema = z.object({
  recipientName: z.string(),
  fromName: z.string(),
  message: z.string(),
  dealTitle: z.string(),
  merchantName: z.string(),
  vouchers: z.number().int(),
  claimed: z.boolean(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;

export const giftClaimedSchema = z.object({ purchaseIds: z.array(z.string()) });
