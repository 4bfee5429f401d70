/** Business constants of the spec, each named once (docs/product/customer-spec.md §9, docs/product/merchant-admin-spec.md §9). */

import { DAY_MS, HOUR_MS, MINUTE_MS } from './domain/time';

export const PRODUCT_NAME = 'LocalPerks';

/** Tax: 8 % of the subtotal, as basis points to keep money in integer cents. */
export const TAX_RATE_BASIS_POINTS = 800;
/** The same rate as a whole percent, for display ("Tax (8%)"). */
export const TAX_PERCENT = TAX_RATE_BASIS_POINTS / 100;

export const HOME_FEATURED_DEALS = 3;
/** Home's crowd-vote section: pending PerkBoost deals still collecting votes (docs/product/customer-spec.md §9 "boosted deals 2"). */
export const HOME_BOOSTED_DEALS = 2;
/**
 * Paid boosts (docs/product/design.md §4a) are shown apart from the organic lists, in a row labelled Sponsored: on
 * home, and above the first page of every browse, search and category listing.
 */
export const HOME_SPONSORED_DEALS = 3;
export const BROWSE_SPONSORED_DEALS = 3;
export const HOME_CATEGORY_DEALS = 6;
export const HOME_VIEW_ALL_THRESHOLD = 10;

/** Most units of one deal in one cart line (and one checkout line). */
export const MAX_CART_LINE_QUANTITY = 10;

export const PERKBOOST_UNLOCK_CHECK_MS = 60_000;
export const VOTE_PROGRESS_HIGH = 80;
export const VOTE_PROGRESS_MID = 50;

export const MOBILE_BREAKPOINT_PX = 768;
export const AVATAR_LETTERS = 2;

export const REDIRECT_AFTER_VERIFY_MS = 2000;
export const REDIRECT_AFTER_MERCHANT_SIGNUP_MS = 1000;
export const CUSTOMER_SUCCESS_BANNER_MS = 2000;

export const LOGIN_PASSWORD_MIN = 6;
export const SIGNUP_PASSWORD_MIN = 8;
/** Longest password any form or route accepts (hashing cost stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;

export const ACCESS_CODE_LENGTH = 6;
export const ACCESS_CODE_TTL_MS = 10 * MINUTE_MS;
export const ACCESS_CODE_MAX_TRIES = 5;

/** Auth tokens sent by e-mail. */
export const EMAIL_VERIFICATION_TTL_MS = DAY_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** A session's "last seen" is written at most this often (one write per session per 5 minutes, not one per request). */
export const LAST_SEEN_PRECISION_MS = 5 * MINUTE_MS;
/** A change of e-mail: the link to the new address, and the undo link to the old one (docs/decisions/0053-account-controls.md). */
export const EMAIL_CHANGE_CONFIRM_TTL_MS = DAY_MS;
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * DAY_MS;
/** Download my data: the archive and its mailed link are kept this long (docs/decisions/0054-privacy-rights.md). */
export const DATA_EXPORT_TTL_MS = 7 * DAY_MS;
/**
 * Passkeys and authenticator codes (docs/decisions/0055-passkeys-and-authenticator-codes.md): a change to the
 * sign-in factors needs the password confirmed in this session within REAUTH_WINDOW_MS.
 */
export const REAUTH_WINDOW_MS = 10 * MINUTE_MS;
/** A WebAuthn challenge works once, for this long. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
/** After the password, the authenticator code must follow within this time and these tries. */
export const SECOND_STEP_TTL_MS = 5 * MINUTE_MS;
export const SECOND_STEP_MAX_TRIES = 5;
export const TOTP_CODE_LENGTH = 6;
/** One-time recovery codes given when an authenticator app is turned on. */
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const MAX_PASSKEYS_PER_ACCOUNT = 10;
/** Requests to change the e-mail per account and window (each mails the new address). */
export const EMAIL_CHANGE_LIMIT = { max: 5, windowMs: HOUR_MS } as const;

/** Brute-force limits: failures per account from one client address, and per client address (docs/decisions/0006-rate-limits.md). */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** Input limits: each is the zod schema's max and the web input's maxLength. */
export const FEEDBACK_MAX_LENGTH = 2000;
export const SEARCH_MAX_LENGTH = 100;
export const PERSON_NAME_MAX_LENGTH = 100;
export const REDEMPTION_CODE_MAX_LENGTH = 40;
export const CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH = 150;
export const CUSTOMER_MESSAGE_MAX_LENGTH = 2000;
export const DEAL_DESCRIPTION_MAX_LENGTH = 2000;
export const DEAL_HIGHLIGHT_MAX_LENGTH = 150;
export const DEAL_FINE_PRINT_MAX_LENGTH = 1000;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * Browse pages: the default and the largest page size. The default is the first screen of /deals
 * that the server renders: 24 cards (1,128 elements) put its mobile LCP at 2.10 s, 12 at 1.95 s
 * (`npm run bench:web`, idle); the list loads the next page as its end scrolls into view.
 */
export const BROWSE_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
/** Business search and the /businesses directory: results per page; home's "Featured businesses" row. */
export const BUSINESS_PAGE_SIZE = 24;
export const HOME_FEATURED_BUSINESSES = 6;
/** The Businesses group above the deal results of a search. */
export const SEARCH_BUSINESS_GROUP_SIZE = 4;

/**
 * `relevance` orders a search by where its words match (title, business name, category, description;
 * docs/decisions/0050-search.md) and is the default with a search, `newest` without one; `distance`
 * needs a location (a position or a ZIP code).
 */
export const SORT_OPTIONS = ['relevance', 'newest', 'price-low', 'price-high', 'discount', 'distance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const BROWSE_MESSAGES = {
  zipInvalid: 'Enter a 5-digit ZIP code.',
  zipUnknown: 'We could not find this ZIP code. Check it and try again.',
  nearInvalid: 'The position must be "latitude,longitude".',
  needsLocation: 'Choose a location (your position or a ZIP code) to sort or filter by distance.',
  priceBand: 'Choose one of the listed price ranges.',
  discountBand: 'Choose one of the listed discounts.',
  cursorInvalid: 'This page link is no longer valid. Start again from the first page.',
} as const;

/** Price ranges and discount bands of the facets (and their filters): ids in the URL, bounds in cents / percent. */
export const PRICE_BANDS = [
  { id: 'under-25', label: 'Under $25', min: 0, max: 2500 },
  { id: '25-50', label: '$25 to $50', min: 2500, max: 5000 },
  { id: '50-100', label: '$50 to $100', min: 5000, max: 10000 },
  { id: '100-plus', label: '$100 and up', min: 10000, max: null },
] as const;
export const DISCOUNT_BANDS = [
  { id: '10', label: '10% off or more', min: 10 },
  { id: '25', label: '25% off or more', min: 25 },
  { id: '50', label: '50% off or more', min: 50 },
  { id: '70', label: '70% off or more', min: 70 },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
export type DiscountBandId = (typeof DISCOUNT_BANDS)[number]['id'];

/** The radius filter of browse and search, in miles. */
export const RADIUS_MILES = [1, 5, 10, 25] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];
export const DEAL_TYPE_FILTERS = ['all', 'standard', 'perkboost'] as const;
export type DealTypeFilter = (typeof DEAL_TYPE_FILTERS)[number];

export const DEAL_TYPES = ['standard', 'perkboost'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DEAL_STATUSES = ['draft', 'scheduled', 'active', 'pending', 'expired', 'paused', 'removed'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const ROLES = ['customer', 'merchant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an admin may do (docs/decisions/0062-roles-and-staff.md): owner everything, managing admins included;
 * support tickets, customers and refund requests; finance payouts, refunds, disputes and reports.
 */
export const ADMIN_ROLES = ['owner', 'support', 'finance'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', support: 'Support', finance: 'Finance' };

/**
 * Who acts for a business: its owner (the account that registered it) and the staff the owner invited. A redeemer
 * has the redeem screen and today's redemptions only; a manager everything but billing, payouts and staff.
 */
export const MERCHANT_ROLES = ['owner', 'manager', 'redeemer'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];
export const STAFF_ROLES = ['manager', 'redeemer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const MERCHANT_ROLE_LABELS: Record<MerchantRole, string> = { owner: 'Owner', manager: 'Manager', redeemer: 'Redeemer' };
/** How long a staff invitation link works. */
export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60_000;
/** Staff accounts a business may have (invited or joined) at once. */
export const MAX_STAFF_PER_MERCHANT = 50;
/** The longest reason an admin gives for a suspension or a ban. */
export const SANCTION_REASON_MAX_LENGTH = 1000;

/** Browse categories, ids 1-8 (docs/product/design.md §2). `icon` names a lucide icon. */
export const CATEGORIES = [
  { id: 1, name: 'Restaurants', icon: 'utensils' },
  { id: 2, name: 'Retail', icon: 'shopping-bag' },
  { id: 3, name: 'Entertainment', icon: 'film' },
  { id: 4, name: 'Fitness', icon: 'dumbbell' },
  { id: 5, name: 'Beauty', icon: 'sparkles' },
  { id: 6, name: 'Travel', icon: 'plane' },
  { id: 7, name: 'Services', icon: 'concierge-bell' },
  { id: 8, name: 'Other', icon: 'tag' },
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The 12 fixed locations (docs/product/customer-spec.md §3), with coordinates for "use my location". */
export const LOCATIONS = [
  { city: 'New York', state: 'NY', zip: '10001', lat: 40.7128, lng: -74.006 },
  { city: 'Brooklyn', state: 'NY', zip: '11201', lat: 40.6782, lng: -73.9442 },
  { city: 'Queens', state: 'NY', zip: '11368', lat: 40.7282, lng: -73.7949 },
  { city: 'Los Angeles', state: 'CA', zip: '90001', lat: 34.0522, lng: -118.2437 },
  { city: 'San Francisco', state: 'CA', zip: '94102', lat: 37.7749, lng: -122.4194 },
  { city: 'San Diego', state: 'CA', zip: '92101', lat: 32.7157, lng: -117.1611 },
  { city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8781, lng: -87.6298 },
  { city: 'Houston', state: 'TX', zip: '77001', lat: 29.7604, lng: -95.3698 },
  { city: 'Austin', state: 'TX', zip: '73301', lat: 30.2672, lng: -97.7431 },
  { city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7767, lng: -96.797 },
  { city: 'Miami', state: 'FL', zip: '33101', lat: 25.7617, lng: -80.1918 },
  { city: 'Boston', state: 'MA', zip: '02108', lat: 42.3601, lng: -71.0589 },
] as const;
export type Location = (typeof LOCATIONS)[number];

/** Merchant plans (docs/product/merchant-admin-spec.md §9, docs/product/design.md §7). */
export const PLANS = [
  {
    id: 'advertise_only',
    name: 'Advertise Only',
    priceCentsPerMonth: 0,
    commissionPercent: 0,
    features: ['Basic business listing', 'Appear in search results'],
    excluded: ['Customer messaging', 'Deal creation', 'Analytics'],
    includes: { messaging: false, analytics: false, deals: false },
  },
  {
    id: 'advertise_messaging',
    name: 'Advertise + Messaging',
    priceCentsPerMonth: 1500,
    commissionPercent: 0,
    features: ['Enhanced business profile', 'Customer messaging', 'Basic analytics'],
    excluded: ['Deal creation'],
    includes: { messaging: true, analytics: true, deals: false },
  },
  {
    id: 'deals_messaging',
    name: 'Deals + Messaging',
    priceCentsPerMonth: 0,
    commissionPercent: 15,
    features: ['Everything in Advertise + Messaging', 'Deal creation', 'Advanced analytics', 'Revenue tracking'],
    excluded: [],
    includes: { messaging: true, analytics: true, deals: true },
  },
] as const;
export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];
export type Plan = (typeof PLANS)[number];
/** A plan's fee and commission, for texts that name them ("$15/month", "15% commission"). */
export const planById = <Id extends PlanId>(id: Id) => PLANS.find((p): p is Extract<Plan, { id: Id }> => p.id === id)!;

/** A dashboard area a plan may or may not include (docs/product/merchant-admin-spec.md §9): the tabs and the API read the same table. */
export type PlanCapability = keyof Plan['includes'];
export const planIncludes = (plan: PlanId, capability: PlanCapability): boolean => planById(plan).includes[capability];
/** The plans that include a capability, cheapest first (the upgrade offer on a tab the plan lacks). */
export const plansIncluding = (capability: PlanCapability): Plan[] => PLANS.filter((p) => p.includes[capability]);

/** Notice the platform gives before any change to commission rates (docs/product/merchant-admin-spec.md §9 Legal). */
export const COMMISSION_CHANGE_NOTICE_DAYS = 30;

/** Commission applied on approval: 0 / 0 / 15, any other 15. */
export function commissionForPlan(plan: string): number {
  if (plan === 'advertise_only' || plan === 'advertise_messaging') return 0;
  return 15;
}

/** PerkBoost durations and prices (docs/product/merchant-admin-spec.md §9). */
export const BOOST_OPTIONS = [
  { days: 1, priceCents: 999, tag: null },
  { days: 3, priceCents: 2499, tag: 'Popular' },
  { days: 7, priceCents: 4999, tag: null },
  { days: 14, priceCents: 8999, tag: 'Best Value' },
] as const;

export const BUSINESS_HOURS = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
  { days: 'Sat', hours: '10:00 AM-4:00 PM' },
  { days: 'Sun', hours: 'closed' },
] as const;

export const SUPPORT_CONTACT = {
  email: 'support@localperks.example',
  phone: '(312) 555-0142',
  address: '200 W Madison St, Suite 2100, Chicago, IL 60606',
} as const;

/** A deal sells 1 to this many options (docs/decisions/0047). */
export const MAX_DEAL_OPTIONS = 10;
/** An option with this many units left or fewer shows "N left". */
export const LOW_STOCK_THRESHOLD = 10;
/**
 * A checkout that holds stock (a line of an option with a stock limit) stays payable this long: its
 * units are reserved meanwhile, then released by the checkout-expiry job. Stripe's minimum is 30 minutes.
 */
export const CHECKOUT_RESERVATION_TTL_MS = 35 * MINUTE_MS;

/** Checkout: most distinct deals in one order (each line is capped by MAX_CART_LINE_QUANTITY). */
export const MAX_CHECKOUT_LINES = 20;
/** A hosted checkout page stays payable this long (Stripe's own default is 24 h). */
export const CHECKOUT_SESSION_TTL_MS = DAY_MS;
/**
 * A deal must stay valid at least this long to be checked out: the payment page closes when the
 * first deal of the order expires, and Stripe keeps a page open for at least 30 minutes.
 */
export const CHECKOUT_MIN_DEAL_REMAINING_MS = 35 * MINUTE_MS;
/** Purchase lists are paged. */
export const PURCHASES_PAGE_SIZE = 20;
/** The redemption tip of docs/product/customer-spec.md §9. */
export const REDEEM_WITHIN_DAYS = 14;
/** The sandbox provider's test cards: the first pays, the second is declined. */
export const SANDBOX_TEST_CARD = '4242424242424242';
export const SANDBOX_DECLINE_CARD = '4000000000000002';

/** The 50 US states plus DC: code and name (addresses, merchant profiles). */
export const US_STATE_NAMES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsStateCode = keyof typeof US_STATE_NAMES;
export const US_STATES = Object.keys(US_STATE_NAMES) as UsStateCode[];
