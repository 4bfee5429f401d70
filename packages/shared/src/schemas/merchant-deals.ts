import { z } from 'zod';
import {
  BOOST_OPTIONS,
  CATEGORIES,
  DEAL_DESCRIPTION_MAX_LENGTH,
  DEAL_FINE_PRINT_MAX_LENGTH,
  DEAL_HIGHLIGHT_MAX_LENGTH,
  LOCATIONS,
} from '../constants';
import { DAY_MS } from '../domain/time';
import { formatCents } from '../domain/money';
import { MAX_DEAL_OPTIONS } from '../constants';

export const DEAL_TITLE_MAX = 100;
export const DEAL_HIGHLIGHTS_MAX = 8;
export const DEAL_IMAGES_MAX = 6;
export const DEAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DEAL_PRICE_MAX_CENTS = 1_000_000;
export const DEAL_EXPIRATION_MAX_MS = 2 * 366 * DAY_MS;
export const BOOST_VOTES_MIN = 5;
export const BOOST_VOTES_MAX = 10_000;

/** Every message of the merchant's deal form and API (docs/product/merchant-admin-spec.md §5, docs/product/customer-spec.md §5). */
export const MERCHANT_DEAL_MESSAGES = {
  titleMin: 'Title must be at least 5 characters',
  titleMax: `Title must be at most ${DEAL_TITLE_MAX} characters`,
  descriptionMin: 'Description must be at least 20 characters',
  descriptionMinWithoutPhone: 'Description must be at least 20 characters once phone numbers are removed',
  descriptionMax: `Description must be at most ${DEAL_DESCRIPTION_MAX_LENGTH} characters`,
  highlightMax: `Each highlight must be at most ${DEAL_HIGHLIGHT_MAX_LENGTH} characters`,
  highlightsMax: `Add at most ${DEAL_HIGHLIGHTS_MAX} highlights`,
  finePrintMax: `Fine print must be at most ${DEAL_FINE_PRINT_MAX_LENGTH} characters`,
  categoryRequired: 'Please select a category',
  locationRequired: 'Please select a location',
  originalPriceRequired: 'Please enter the original price',
  dealPriceRequired: 'Please enter the deal price',
  priceInvalid: 'Enter a price in dollars, e.g. 49.99',
  priceMin: 'Price must be at least $0.01',
  priceMax: `Price must be at most ${formatCents(DEAL_PRICE_MAX_CENTS)}`,
  dealBelowOriginal: 'Deal price must be lower than the original price',
  expirationRequired: 'Please choose an expiration date',
  expirationFuture: 'Expiration date must be in the future',
  expirationTooFar: 'Expiration date must be within 2 years',
  expirationAfterBoost: 'Expiration date must be after the PerkBoost voting window ends',
  imagesMax: 'Add at most 6 images',
  imageInvalid: 'Upload images with the image uploader',
  boostDaysRequired: 'Please choose a boost duration',
  votesRequiredMin: 'Votes required must be at least 5',
  votesRequiredMax: 'Votes required must be at most 10,000',
  votesRequiredWhole: 'Votes required must be a whole number',
  phoneRemovedTitle: 'Phone numbers removed',
  phoneRemoved: 'Phone numbers are not allowed in deal descriptions and were removed.',
  planRequired: 'Deal creation is available on the Deals + Messaging plan. Switch to Deals + Messaging to create deals.',
  approvalRequired: 'Deal creation is unavailable until an admin approves your business.',
  cannotDeleteTitle: 'Cannot Delete Deal',
  cannotDelete: 'Active or unlocked PerkBoost deals cannot be deleted.',
  notFound: 'This deal does not exist or is not one of yours.',
  notPausable: 'Only active deals can be paused.',
  notResumable: 'Only paused deals can be resumed.',
  resumeExpired: 'This deal has expired. Change its expiration date before resuming it.',
  notDraft: 'This deal has already been launched.',
  crowdVoteLocked:
    'Customers have voted on this crowd-vote deal, so its terms are locked: price, original price, fine print, expiration date, votes required and voting end. You can still edit the title, description, highlights, images and category.',
  crowdVoteLockedField: 'Locked: customers have voted on these terms.',
  uploadNotImage: 'Please upload a JPEG, PNG or WebP image.',
  uploadTooLarge: 'Images must be 5 MB or smaller.',
  uploadMissing: 'Please choose an image to upload.',
  optionsMin: 'Add at least one option.',
  optionsMax: `Add at most ${MAX_DEAL_OPTIONS} options.`,
  optionTitleRequired: 'Give each option a title, e.g. “2 people”.',
  optionTitleMax: 'Option titles must be at most 60 characters.',
  optionTitleDuplicate: 'Each option needs a different title.',
  stockInvalid: 'Enter the stock as a whole number from 0 to 100,000, or leave it empty for no limit.',
  stockBelowSold: (taken: number) => `Stock cannot be lower than the ${taken} already sold or held in checkouts.`,
  optionSold: 'This option has sales and cannot be deleted; set its stock to 0 to stop selling it.',
  limitInvalid: 'Enter a limit per customer from 1 to 100, or leave it empty for no limit.',
  saleStartBeforeEnd: 'The sale must start before it ends.',
  saleStartTooFar: 'The sale must start within 2 years.',
  validUntilBeforeEnd: 'Vouchers must stay valid at least until the sale ends.',
  validUntilTooFar: 'Vouchers can be valid for at most 2 years after the sale ends.',
} as const;
const M = MERCHANT_DEAL_MESSAGES;

/**
 * The crowd-vote lock (docs/product/design.md §4): once a crowd-vote deal has a vote, the terms people voted for
 * are fixed. The server refuses a change to them; the edit form shows them read-only.
 */
export const CROWD_VOTE_LOCKED_FIELDS = [
  'originalPriceCents',
  'dealPriceCents',
  'finePrint',
  'expirationDate',
  'votesRequired',
  'votingEndDate',
] as const;
export function isCrowdVoteLocked(deal: { type: string; currentVotes: number }): boolean {
  return deal.type === 'perkboost' && deal.currentVotes > 0;
}

export const BOOST_DAYS = BOOST_OPTIONS.map((o) => o.days) as [1, 3, 7, 14];

/**
 * Where uploaded deal images live (served publicly): through the server (`/uploads/deals/<id>.webp`)
 * or, with object storage behind a CDN, at `<public base>/deals/<id>.webp`. The server also checks
 * that an absolute URL is on its configured base and that the image exists.
 */
export const DEAL_IMAGE_URL_PATTERN = /^(?:\/uploads|https?:\/\/[^\s?#]+)\/deals\/[0-9a-f-]{36}\.webp$/;

const categoryIds = CATEGORIES.map((c) => c.id) as number[];
const isLocation = (city: string, state: string) => LOCATIONS.some((l) => l.city === city && l.state === state);

const textFields = {
  title: z.string({ error: M.titleMin }).trim().min(5, M.titleMin).max(DEAL_TITLE_MAX, M.titleMax),
  description: z.string({ error: M.descriptionMin }).trim().min(20, M.descriptionMin).max(DEAL_DESCRIPTION_MAX_LENGTH, M.descriptionMax),
  highlights: z
    .array(z.string().trim().max(DEAL_HIGHLIGHT_MAX_LENGTH, M.highlightMax))
    .max(DEAL_HIGHLIGHTS_MAX, M.highlightsMax)
    .default([])
    .transform((list) => list.filter((h) => h.length > 0)),
  finePrint: z.string().trim().max(DEAL_FINE_PRINT_MAX_LENGTH, M.finePrintMax).default(''),
  categoryId: z.coerce
    .number({ error: M.categoryRequired })
    .int(M.categoryRequired)
    .refine((n) => categoryIds.includes(n), M.categoryRequired),
  city: z.string({ error: M.locationRequired }).trim().min(1, M.locationRequired),
  state: z.string({ error: M.locationRequired }).trim().min(1, M.locationRequired),
  images: z.array(z.string().regex(DEAL_IMAGE_URL_PATTERN, M.imageInvalid)).max(DEAL_IMAGES_MAX, M.imagesMax).default([]),
};

/** A deal's description as stored: what is left once phone numbers are removed must still pass it. */
export const dealDescriptionSchema = textFields.description;

const cents = (required: string) =>
  z.number({ error: required }).int(M.priceInvalid).min(1, M.priceMin).max(DEAL_PRICE_MAX_CENTS, M.priceMax);

/** The boost part of a launch: duration (the voting window) and the votes that unlock the deal. */
export const boostSchema = z.object({
  boostDays: z.coerce.number({ error: M.boostDaysRequired }).refine((d) => (BOOST_DAYS as number[]).includes(d), M.boostDaysRequired),
  votesRequired: z.coerce
    .number({ error: M.votesRequiredMin })
    .int(M.votesRequiredWhole)
    .min(BOOST_VOTES_MIN, M.votesRequiredMin)
    .max(BOOST_VOTES_MAX, M.votesRequiredMax),
});
export type Boost = z.infer<typeof boostSchema>;

interface DealRuleInput {
  city: string;
  state: string;
  originalPriceCents: number;
  dealPriceCents: number;
  expiresAt: Date;
  boostDays?: number | null;
}

/** The rules across fields, written once for the API schema and the form schema. */
function dealRules(v: DealRuleInput, ctx: z.RefinementCtx, paths: { price: string; expiration: string }, now = Date.now()) {
  if (!isLocation(v.city, v.state)) ctx.addIssue({ code: 'custom', path: ['city'], message: M.locationRequired });
  if (v.dealPriceCents >= v.originalPriceCents) ctx.addIssue({ code: 'custom', path: [paths.price], message: M.dealBelowOriginal });
  const t = v.expiresAt.getTime();
  if (Number.isNaN(t)) ctx.addIssue({ code: 'custom', path: [paths.expiration], message: M.expirationRequired });
  else if (t <= now) ctx.addIssue({ code: 'custom', path: [paths.expiration], message: M.expirationFuture });
  else if (t > now + DEAL_EXPIRATION_MAX_MS) ctx.addIssue({ code: 'custom', path: [paths.expiration], message: M.expirationTooFar });
  else if (v.boostDays && t < now + v.boostDays * DAY_MS)
    ctx.addIssue({ code: 'custom', path: [paths.expiration], message: M.expirationAfterBoost });
}

export const DEAL_STOCK_MAX = 100_000;
export const DEAL_OPTION_TITLE_MAX = 60;

/** One option of the deal (docs/decisions/0047): `id` names an existing one on edit; `stock` null: no limit. */
export const dealOptionInputSchema = z.object({
  id: z.uuid().optional(),
  title: z.string().trim().max(DEAL_OPTION_TITLE_MAX, M.optionTitleMax).default(''),
  originalPriceCents: cents(M.originalPriceRequired),
  dealPriceCents: cents(M.dealPriceRequired),
  stock: z
    .number({ error: M.stockInvalid })
    .int(M.stockInvalid)
    .min(0, M.stockInvalid)
    .max(DEAL_STOCK_MAX, M.stockInvalid)
    .nullable()
    .default(null),
});
export type DealOptionInput = z.input<typeof dealOptionInputSchema>;

const apiFields = z.object({
  ...textFields,
  /** A one-option deal's prices; with `options`, the lowest option's (filled in by the server). */
  originalPriceCents: cents(M.originalPriceRequired).optional(),
  dealPriceCents: cents(M.dealPriceRequired).optional(),
  /** 1 to 10 options; omitted: one option of the prices above. */
  options: z.array(dealOptionInputSchema).min(1, M.optionsMin).max(MAX_DEAL_OPTIONS, M.optionsMax).optional(),
  /** The sale end. */
  expirationDate: z.iso.datetime({ offset: true, error: M.expirationRequired }),
  /** A scheduled start ("Coming soon" until then); null or omitted: on sale at once. */
  saleStartsAt: z.iso.datetime({ offset: true }).nullable().optional().default(null),
  /** Vouchers' "valid until"; omitted: the sale end. */
  validUntil: z.iso.datetime({ offset: true }).nullable().optional().default(null),
  perCustomerLimit: z
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(100, M.limitInvalid)
    .nullable()
    .optional()
    .default(null),
  /** A refunded voucher's unit goes back to its option's stock. */
  restockOnRefund: z.boolean().optional().default(false),
});

type ApiDeal = z.output<typeof apiFields>;

/** Options, prices and dates: the rules beyond each field's own (both API schemas). */
function optionAndDateRules(v: ApiDeal, ctx: z.RefinementCtx, now = Date.now()) {
  if (!v.options) {
    if (v.originalPriceCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['originalPriceCents'], message: M.originalPriceRequired });
    if (v.dealPriceCents === undefined) ctx.addIssue({ code: 'custom', path: ['dealPriceCents'], message: M.dealPriceRequired });
  } else {
    const titles = new Set<string>();
    v.options.forEach((o, i) => {
      if (o.dealPriceCents >= o.originalPriceCents)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'dealPriceCents'], message: M.dealBelowOriginal });
      if (v.options!.length > 1 && !o.title)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'title'], message: M.optionTitleRequired });
      if (o.title && titles.has(o.title.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['options', i, 'title'], message: M.optionTitleDuplicate });
      titles.add(o.title.toLowerCase());
    });
  }
  const end = new Date(v.expirationDate).getTime();
  if (v.saleStartsAt) {
    const start = new Date(v.saleStartsAt).getTime();
    if (start >= end) ctx.addIssue({ code: 'custom', path: ['saleStartsAt'], message: M.saleStartBeforeEnd });
    else if (start > now + DEAL_EXPIRATION_MAX_MS) ctx.addIssue({ code: 'custom', path: ['saleStartsAt'], message: M.saleStartTooFar });
  }
  if (v.validUntil) {
    const until = new Date(v.validUntil).getTime();
    if (until < end) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilBeforeEnd });
    else if (until > end + DEAL_EXPIRATION_MAX_MS) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilTooFar });
  }
}

/** The deal's options as saved: the given ones, or one untitled option of the top-level prices. */
export function dealOptionsOf(v: Pick<ApiDeal, 'options' | 'originalPriceCents' | 'dealPriceCents'>) {
  return v.options ?? [{ title: '', originalPriceCents: v.originalPriceCents ?? 0, dealPriceCents: v.dealPriceCents ?? 0, stock: null }];
}

/** The lowest-priced option: the deal row's "from" prices (the top-level prices when there are no options). */
function fromPrices(v: ApiDeal) {
  const options = dealOptionsOf(v);
  const lowest = options.reduce((a, b) => (b.dealPriceCents < a.dealPriceCents ? b : a), options[0]!);
  return { originalPriceCents: lowest.originalPriceCents, dealPriceCents: lowest.dealPriceCents };
}

/** Editing a deal (PUT /api/merchant/deals/:id): every field of the form, prices in cents. */
export const updateMerchantDealSchema = apiFields.superRefine((v, ctx) => {
  optionAndDateRules(v, ctx);
  // With options, each option's price was checked above.
  dealRules({ ...v, ...fromPrices(v), ...(v.options ? { dealPriceCents: 0 } : {}), expiresAt: new Date(v.expirationDate) }, ctx, {
    price: 'dealPriceCents',
    expiration: 'expirationDate',
  });
});
export type UpdateMerchantDeal = z.input<typeof updateMerchantDealSchema>;

/** Creating a deal (POST /api/merchant/deals); `boost` launches it as PerkBoost (paid first). */
export const createMerchantDealSchema = apiFields.extend({ boost: boostSchema.nullable().default(null) }).superRefine((v, ctx) => {
  optionAndDateRules(v, ctx);
  dealRules(
    {
      ...v,
      ...fromPrices(v),
      ...(v.options ? { dealPriceCents: 0 } : {}),
      expiresAt: new Date(v.expirationDate),
      boostDays: v.boost?.boostDays,
    },
    ctx,
    {
      price: 'dealPriceCents',
      expiration: 'expirationDate',
    },
  );
});
export type CreateMerchantDeal = z.input<typeof createMerchantDealSchema>;

/** Launching a saved PerkBoost draft (POST /api/merchant/deals/:id/boost). */
export const launchBoostSchema = z.object({ boostDays: boostSchema.shape.boostDays });

/** `49.99` → 4999; null when the text is not a price. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** End of a calendar day (`YYYY-MM-DD`) in the browser's time zone: a deal is valid all that day. */
export function endOfLocalDay(ymd: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return new Date(Number.NaN);
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 0);
}

/** The start of a calendar day (`YYYY-MM-DD`) in the browser's time zone: a scheduled deal goes on sale then. */
export function startOfLocalDay(ymd: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return new Date(Number.NaN);
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, 0, 0, 0);
}

/** A stock typed in the form: blank is no limit. */
const stockOf = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** A price typed in dollars: one message for what is wrong with it (blank, not a price, too low, too high). */
const dollars = (required: string) =>
  z.string({ error: required }).superRefine((text, ctx) => {
    const cents = dollarsToCents(text);
    const message = !text.trim()
      ? required
      : cents === null
        ? M.priceInvalid
        : cents < 1
          ? M.priceMin
          : cents > DEAL_PRICE_MAX_CENTS
            ? M.priceMax
            : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * The deal form (create and edit): prices typed in dollars, the expiry as a date, PerkBoost as a
 * switch. The same rules as the API; `toMerchantDealInput` turns it into the API's shape.
 */
export const merchantDealFormSchema = z
  .object({
    ...textFields,
    highlights: z.array(z.string().trim().max(DEAL_HIGHLIGHT_MAX_LENGTH, M.highlightMax)).max(DEAL_HIGHLIGHTS_MAX, M.highlightsMax),
    categoryId: z
      .string()
      .min(1, M.categoryRequired)
      .refine((s) => categoryIds.includes(Number(s)), M.categoryRequired),
    location: z.string().min(1, M.locationRequired),
    city: z.string(),
    state: z.string(),
    originalPrice: dollars(M.originalPriceRequired),
    dealPrice: dollars(M.dealPriceRequired),
    expirationDate: z.string().min(1, M.expirationRequired),
    /** The first option's title and stock (its prices are the fields above) and the other options (docs/decisions/0047). */
    optionTitle: z.string().trim().max(DEAL_OPTION_TITLE_MAX, M.optionTitleMax).default(''),
    optionId: z.string().optional(),
    stock: z.string().default(''),
    extraOptions: z
      .array(
        z.object({
          id: z.string().optional(),
          title: z.string().trim().max(DEAL_OPTION_TITLE_MAX, M.optionTitleMax),
          originalPrice: dollars(M.originalPriceRequired),
          dealPrice: dollars(M.dealPriceRequired),
          stock: z.string(),
        }),
      )
      .max(MAX_DEAL_OPTIONS - 1, M.optionsMax)
      .default([]),
    perCustomerLimit: z.string().default(''),
    restockOnRefund: z.boolean().default(false),
    saleStartsAt: z.string().default(''),
    validUntil: z.string().default(''),
    isBoost: z.boolean(),
    boostDays: z.string(),
    votesRequired: z.string(),
  })
  .superRefine((v, ctx) => {
    const [city = '', state = ''] = v.location.split('|');
    if (v.location && !isLocation(city, state)) ctx.addIssue({ code: 'custom', path: ['location'], message: M.locationRequired });
    const original = dollarsToCents(v.originalPrice);
    const deal = dollarsToCents(v.dealPrice);
    if (original !== null && deal !== null && deal >= original)
      ctx.addIssue({ code: 'custom', path: ['dealPrice'], message: M.dealBelowOriginal });
    const stockOk = (text: string) => !text.trim() || (/^\d+$/.test(text.trim()) && Number(text) <= DEAL_STOCK_MAX);
    if (!stockOk(v.stock)) ctx.addIssue({ code: 'custom', path: ['stock'], message: M.stockInvalid });
    const extras = v.extraOptions ?? [];
    if (extras.length && !v.optionTitle) ctx.addIssue({ code: 'custom', path: ['optionTitle'], message: M.optionTitleRequired });
    const titles = new Set([v.optionTitle.toLowerCase()]);
    extras.forEach((o, i) => {
      if (!o.title) ctx.addIssue({ code: 'custom', path: ['extraOptions', i, 'title'], message: M.optionTitleRequired });
      else if (titles.has(o.title.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['extraOptions', i, 'title'], message: M.optionTitleDuplicate });
      titles.add(o.title.toLowerCase());
      const oo = dollarsToCents(o.originalPrice);
      const od = dollarsToCents(o.dealPrice);
      if (oo !== null && od !== null && od >= oo)
        ctx.addIssue({ code: 'custom', path: ['extraOptions', i, 'dealPrice'], message: M.dealBelowOriginal });
      if (!stockOk(o.stock)) ctx.addIssue({ code: 'custom', path: ['extraOptions', i, 'stock'], message: M.stockInvalid });
    });
    const limit = v.perCustomerLimit.trim();
    if (limit && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100))
      ctx.addIssue({ code: 'custom', path: ['perCustomerLimit'], message: M.limitInvalid });
    if (v.saleStartsAt && v.expirationDate && v.saleStartsAt > v.expirationDate)
      ctx.addIssue({ code: 'custom', path: ['saleStartsAt'], message: M.saleStartBeforeEnd });
    if (v.validUntil && v.expirationDate && v.validUntil < v.expirationDate)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilBeforeEnd });
    if (v.isBoost) {
      const b = boostSchema.safeParse({ boostDays: v.boostDays || undefined, votesRequired: v.votesRequired || undefined });
      if (!b.success) for (const issue of b.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!v.expirationDate) return;
    const expiresAt = endOfLocalDay(v.expirationDate);
    const t = expiresAt.getTime();
    const now = Date.now();
    if (Number.isNaN(t)) ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: M.expirationRequired });
    else if (t <= now) ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: M.expirationFuture });
    else if (t > now + DEAL_EXPIRATION_MAX_MS) ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: M.expirationTooFar });
    else if (v.isBoost && Number(v.boostDays) && t < now + Number(v.boostDays) * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: M.expirationAfterBoost });
  });
export type MerchantDealForm = z.input<typeof merchantDealFormSchema>;

/** The API body from a valid form. */
export function toMerchantDealInput(v: MerchantDealForm): CreateMerchantDeal {
  const [city = '', state = ''] = v.location.split('|');
  return {
    title: v.title,
    description: v.description,
    highlights: v.highlights.map((h) => h.trim()).filter(Boolean),
    finePrint: v.finePrint ?? '',
    categoryId: Number(v.categoryId),
    city,
    state,
    images: v.images ?? [],
    originalPriceCents: dollarsToCents(v.originalPrice) ?? 0,
    dealPriceCents: dollarsToCents(v.dealPrice) ?? 0,
    options: [
      {
        ...(v.optionId ? { id: v.optionId } : {}),
        title: (v.extraOptions ?? []).length ? (v.optionTitle ?? '').trim() : '',
        originalPriceCents: dollarsToCents(v.originalPrice) ?? 0,
        dealPriceCents: dollarsToCents(v.dealPrice) ?? 0,
        stock: stockOf(v.stock ?? ''),
      },
      ...(v.extraOptions ?? []).map((o) => ({
        ...(o.id ? { id: o.id } : {}),
        title: o.title.trim(),
        originalPriceCents: dollarsToCents(o.originalPrice) ?? 0,
        dealPriceCents: dollarsToCents(o.dealPrice) ?? 0,
        stock: stockOf(o.stock),
      })),
    ],
    perCustomerLimit: v.perCustomerLimit?.trim() ? Number(v.perCustomerLimit) : null,
    restockOnRefund: v.restockOnRefund ?? false,
    // A sale start is the beginning of its day; "valid until" the end of its day, like the sale end.
    saleStartsAt: v.saleStartsAt ? startOfLocalDay(v.saleStartsAt).toISOString() : null,
    validUntil: v.validUntil ? endOfLocalDay(v.validUntil).toISOString() : null,
    expirationDate: endOfLocalDay(v.expirationDate).toISOString(),
    boost: v.isBoost ? { boostDays: Number(v.boostDays), votesRequired: Number(v.votesRequired) } : null,
  };
}

export const MERCHANT_DEAL_FILTERS = ['all', 'active', 'pending', 'draft', 'paused', 'expired'] as const;
export type MerchantDealFilter = (typeof MERCHANT_DEAL_FILTERS)[number];
export const MERCHANT_DEALS_PAGE_SIZE = 10;

export const merchantDealsQuerySchema = z.object({
  status: z.enum(MERCHANT_DEAL_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
