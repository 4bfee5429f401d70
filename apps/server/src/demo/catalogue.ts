/**
 * Demo catalogue seeded on an empty database: fictional merchants (555-01xx phone numbers,
 * .example websites) and their deals. Images live in apps/web/public/images/deals/.
 *
 * The first five deals mirror the spec's sample data (two standard deals at 50% and 40% off,
 * one more standard deal, then two PerkBoost deals with 32/50 and 78/100 votes).
 */

export interface SeedMerchant {
  key: string;
  businessName: string;
  description: string;
  phone: string;
  website: string | null;
  city: string;
  state: string;
  /** Where the business is: a real-looking street address and the point of its door (docs/decisions/0049-location.md). */
  address: { line1: string; line2: string | null; zip: string; lat: number; lng: number };
  plan: 'advertise_only' | 'advertise_messaging' | 'deals_messaging';
  /**
   * Opening hours (0 = Sunday), shown on the enhanced business page (not on advertise_only). Every
   * demo business with that page has hours: a page without them says "Hours not listed".
   */
  openingHours?: { day: number; opens: string; closes: string }[];
  /** The rest of the enhanced business page: images under /images and highlights. */
  profile?: {
    logo: string;
    cover: string;
    highlights: string[];
  };
}

const weekdays = (opens: string, closes: string) => [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes }));
const weekend = (opens: string, closes: string) => [6, 0].map((day) => ({ day, opens, closes }));
const everyDay = (opens: string, closes: string) => [...weekdays(opens, closes), ...weekend(opens, closes)];

export interface SeedDeal {
  key: string;
  merchantKey: string;
  title: string;
  description: string;
  highlights: string[];
  finePrint: string;
  categoryId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  city: string;
  state: string;
  originalPriceCents: number;
  dealPriceCents: number;
  expiresInDays: number;
  createdDaysAgo: number;
  image: string;
  type: 'standard' | 'perkboost';
  votesRequired?: number;
  currentVotes?: number;
  votingEndsInDays?: number;
  /**
   * A paid boost (docs/product/design.md §4a) of this standard deal, bought `daysAgo` for `days` days: its Sponsored
   * label shows from the first start (docs/decisions/0041).
   */
  boost?: { days: 1 | 3 | 7 | 14; daysAgo: number };
}

const BOOST_NOTE = 'This PerkBoost deal unlocks once enough shoppers vote for it.';

export const SEED_MERCHANTS: SeedMerchant[] = [
  {
    key: 'demo-merchant',
    businessName: 'Windy City Bistro',
    description:
      'A West Loop neighborhood bistro serving seasonal Midwestern plates, Chicago-style deep dish on weekends and a wine list focused on small Great Lakes producers. The private dining room seats up to 24 guests.',
    phone: '(312) 555-0101',
    website: 'https://windy-city-bistro.example',
    city: 'Chicago',
    state: 'IL',
    address: { line1: '1020 W Randolph St', line2: null, zip: '60607', lat: 41.8843, lng: -87.6531 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('11:30', '22:00'), { day: 6, opens: '10:00', closes: '23:00' }, { day: 0, opens: '10:00', closes: '21:00' }],
    profile: {
      logo: '/images/deals/tasting-menu.svg',
      cover: '/images/deals/wine-charcuterie.svg',
      highlights: ['Weekend deep dish', 'Private dining for 24', 'Great Lakes wine list', 'Walk-ins welcome'],
    },
  },
  // One business page of each plan (docs/product/design.md §13): the basic listing and the enhanced profile without deals.
  {
    key: 'wicker-park-books',
    businessName: 'Wicker Park Books',
    description:
      'An independent neighborhood bookshop with new and used fiction, a children’s corner and monthly author readings. Special orders usually arrive within a week.',
    phone: '(773) 555-0113',
    website: 'https://wicker-park-books.example',
    city: 'Chicago',
    state: 'IL',
    address: { line1: '1528 N Milwaukee Ave', line2: null, zip: '60622', lat: 41.9095, lng: -87.6773 },
    plan: 'advertise_only',
  },
  {
    key: 'bluebonnet-tailors',
    businessName: 'Bluebonnet Tailoring',
    description:
      'A family tailoring and alterations shop on South Congress: suits, wedding dresses, hems and repairs, with rush service for events. Free fitting appointments.',
    phone: '(512) 555-0114',
    website: 'https://bluebonnet-tailoring.example',
    city: 'Austin',
    state: 'TX',
    address: { line1: '1600 S Congress Ave', line2: 'Suite 110', zip: '78704', lat: 30.2489, lng: -97.7497 },
    plan: 'advertise_messaging',
    openingHours: [...weekdays('09:00', '18:00'), { day: 6, opens: '10:00', closes: '16:00' }],
    profile: {
      logo: '/images/deals/toolbox.svg',
      cover: '/images/deals/hair-salon.svg',
      highlights: ['Rush alterations in 48 hours', 'Wedding and formal wear', 'Free fitting appointments'],
    },
  },
  {
    key: 'skyline-harbor-tours',
    businessName: 'Skyline Harbor Tours',
    description:
      'Guided harbor cruises, bike tours and neighborhood food walks across New York City, with seasonal departures in Boston and Miami. Small groups, licensed local guides and free rescheduling for bad weather.',
    phone: '(212) 555-0102',
    website: 'https://skyline-harbor-tours.example',
    city: 'New York',
    state: 'NY',
    address: { line1: 'Pier 62, Chelsea Piers', line2: null, zip: '10011', lat: 40.7465, lng: -74.0094 },
    plan: 'deals_messaging',
    openingHours: everyDay('08:00', '21:00'),
  },
  {
    key: 'bushwick-bloom-spa',
    businessName: 'Bushwick Bloom Spa',
    description:
      'An airy day spa in a converted Bushwick warehouse offering massage, facials, nail care and lash services. Botanical products, heated treatment beds and a quiet tea lounge.',
    phone: '(718) 555-0103',
    website: 'https://bushwick-bloom-spa.example',
    city: 'Brooklyn',
    state: 'NY',
    address: { line1: '215 Wyckoff Ave', line2: null, zip: '11237', lat: 40.7024, lng: -73.9203 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('10:00', '20:00'), ...weekend('09:00', '18:00')],
  },
  {
    key: 'astoria-fit-lab',
    businessName: 'Astoria Fit Lab',
    description:
      'A community gym in Astoria with strength, HIIT, spin and boxing classes, an open training floor and certified personal trainers. Open early for commuters and late for night owls.',
    phone: '(718) 555-0104',
    website: 'https://astoria-fit-lab.example',
    city: 'Queens',
    state: 'NY',
    address: { line1: '31-10 Steinway St', line2: '2nd Floor', zip: '11103', lat: 40.7606, lng: -73.9142 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('05:30', '23:00'), ...weekend('07:00', '20:00')],
  },
  {
    key: 'silver-lake-social',
    businessName: 'Silver Lake Social Club',
    description:
      'A bar, kitchen and event space in Silver Lake hosting stand-up nights, private karaoke rooms and rooftop screenings. The kitchen serves Baja-style tacos alongside a deep mezcal list.',
    phone: '(323) 555-0105',
    website: 'https://silver-lake-social.example',
    city: 'Los Angeles',
    state: 'CA',
    address: { line1: '3311 Sunset Blvd', line2: null, zip: '90026', lat: 34.0866, lng: -118.2734 },
    plan: 'deals_messaging',
    openingHours: [
      { day: 2, opens: '17:00', closes: '23:30' },
      { day: 3, opens: '17:00', closes: '23:30' },
      { day: 4, opens: '17:00', closes: '23:30' },
      { day: 5, opens: '16:00', closes: '23:59' },
      { day: 6, opens: '12:00', closes: '23:59' },
      { day: 0, opens: '12:00', closes: '22:00' },
    ],
  },
  {
    key: 'fog-city-cycles',
    businessName: 'Fog City Cycles',
    description:
      'A full-service bike shop in the Mission selling commuter gear and offering repairs, e-bike rentals and hands-on maintenance workshops. Same-day tune-ups on most weekdays.',
    phone: '(415) 555-0106',
    website: 'https://fog-city-cycles.example',
    city: 'San Francisco',
    state: 'CA',
    address: { line1: '1450 Valencia St', line2: null, zip: '94110', lat: 37.7494, lng: -122.4205 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('10:00', '19:00'), ...weekend('09:00', '17:00')],
  },
  {
    key: 'pacific-tide-surf',
    businessName: 'Pacific Tide Surf Co.',
    description:
      'A surf school and shop in Pacific Beach with certified instructors, board and wetsuit rentals, and guided paddle tours along the La Jolla coastline.',
    phone: '(619) 555-0107',
    website: 'https://pacific-tide-surf.example',
    city: 'San Diego',
    state: 'CA',
    address: { line1: '4940 Newport Ave', line2: null, zip: '92107', lat: 32.7476, lng: -117.2504 },
    plan: 'deals_messaging',
    openingHours: everyDay('07:00', '18:00'),
  },
  {
    key: 'bayou-city-home-pros',
    businessName: 'Bayou City Home Pros',
    description:
      'A licensed and insured home services team covering cleaning, HVAC maintenance and handyman jobs across Houston, with crews in Dallas and Austin. Upfront pricing and a satisfaction guarantee on every visit.',
    phone: '(713) 555-0108',
    website: 'https://bayou-city-home-pros.example',
    city: 'Houston',
    state: 'TX',
    address: { line1: '2400 Yale St', line2: 'Unit B', zip: '77008', lat: 29.8037, lng: -95.399 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('07:00', '19:00'), { day: 6, opens: '08:00', closes: '14:00' }],
  },
  {
    key: 'lone-star-lanes',
    businessName: 'Lone Star Lanes & Arcade',
    description:
      'A retro bowling alley and arcade on the east side of Austin with 24 lanes, more than 80 games and a scratch kitchen. Sister locations in Houston and Dallas.',
    phone: '(512) 555-0109',
    website: 'https://lone-star-lanes.example',
    city: 'Austin',
    state: 'TX',
    address: { line1: '2201 E 6th St', line2: null, zip: '78702', lat: 30.2609, lng: -97.72 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('12:00', '23:00'), ...weekend('10:00', '23:59')],
  },
  {
    key: 'deep-ellum-movement',
    businessName: 'Deep Ellum Movement Studio',
    description:
      'A boutique fitness studio in Deep Ellum offering hot yoga, reformer Pilates, indoor cycling and barre. Sister studios in Houston and Austin.',
    phone: '(214) 555-0110',
    website: 'https://deep-ellum-movement.example',
    city: 'Dallas',
    state: 'TX',
    address: { line1: '2700 Elm St', line2: null, zip: '75226', lat: 32.7843, lng: -96.783 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('06:00', '21:00'), ...weekend('08:00', '14:00')],
  },
  {
    key: 'biscayne-glow',
    businessName: 'Biscayne Glow Beauty Studio',
    description:
      'A Miami beauty studio specializing in advanced facials, lash and brow artistry, smoothing treatments and sunless tanning. A second studio opened in Los Angeles this year.',
    phone: '(305) 555-0111',
    website: 'https://biscayne-glow.example',
    city: 'Miami',
    state: 'FL',
    address: { line1: '1850 Biscayne Blvd', line2: 'Suite 205', zip: '33132', lat: 25.7937, lng: -80.1887 },
    plan: 'deals_messaging',
    openingHours: [
      { day: 2, opens: '10:00', closes: '19:00' },
      { day: 3, opens: '10:00', closes: '19:00' },
      { day: 4, opens: '10:00', closes: '20:00' },
      { day: 5, opens: '10:00', closes: '20:00' },
      { day: 6, opens: '09:00', closes: '18:00' },
    ],
  },
  {
    key: 'beacon-hill-makers',
    businessName: 'Beacon Hill Makers Studio',
    description:
      'A craft studio and shop on Charles Street teaching pottery, candle making, painting and leatherwork in small classes. All materials are included, and the shop sells work by local makers.',
    phone: '(617) 555-0112',
    website: 'https://beacon-hill-makers.example',
    city: 'Boston',
    state: 'MA',
    address: { line1: '112 Charles St', line2: null, zip: '02114', lat: 42.3576, lng: -71.0707 },
    plan: 'deals_messaging',
    openingHours: [...weekdays('11:00', '21:00'), ...weekend('10:00', '18:00')],
  },
];

export const SEED_DEALS: SeedDeal[] = [
  // ── The spec's sample data ────────────────────────────────────────────────
  {
    key: 'windy-city-chef-tasting-for-two',
    merchantKey: 'demo-merchant',
    title: "Five-Course Chef's Tasting Menu for Two",
    description:
      'Sit back while our kitchen sends out five seasonal courses, from hand-cut beef tartare and roasted beet salad to braised short rib and a warm butter cake finish. The menu follows what our Midwest farm partners deliver each week, and your server walks you through every plate.',
    highlights: [
      'Five seasonal courses per person',
      'Amuse-bouche and house bread service',
      'Vegetarian tasting available on request',
      'Optional wine pairing at a discounted add-on price',
    ],
    finePrint:
      'Valid for two guests, Tuesday through Saturday dinner service. Reservation required at least 48 hours in advance; mention the voucher when booking. Tax and gratuity not included. Not valid with other offers.',
    categoryId: 1,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 12000,
    dealPriceCents: 6000,
    expiresInDays: 60,
    createdDaysAgo: 2,
    image: 'tasting-menu.svg',
    type: 'standard',
  },
  {
    key: 'bloom-couples-massage',
    merchantKey: 'bushwick-bloom-spa',
    title: '90-Minute Couples Massage with Aromatherapy',
    description:
      'Unwind side by side in our candlelit couples suite with a 90-minute Swedish or deep-tissue massage. Each guest chooses an aromatherapy blend, and heated neck wraps and herbal tea in the lounge are included before and after your session.',
    highlights: [
      '90-minute massage for two in a private suite',
      'Choice of Swedish or deep-tissue pressure',
      'Aromatherapy and heated neck wraps',
      'Tea lounge access before and after',
    ],
    finePrint:
      'Valid for two guests booked in the same appointment. Appointment required; cancel at least 24 hours ahead or the voucher is forfeited. Gratuity not included. Not valid with other offers.',
    categoryId: 5,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 20000,
    dealPriceCents: 12000,
    expiresInDays: 75,
    createdDaysAgo: 5,
    image: 'massage-stones.svg',
    type: 'standard',
  },
  {
    key: 'skyline-sunset-harbor-cruise',
    merchantKey: 'skyline-harbor-tours',
    title: 'Sunset Harbor Cruise for Two with Statue of Liberty Views',
    description:
      'Board our double-deck boat at the South Street Seaport for a 90-minute cruise past the Statue of Liberty, Ellis Island and the Brooklyn Bridge as the sun sets over the Hudson. A live guide narrates the history of the harbor, and the onboard bar serves beer, wine and snacks.',
    highlights: [
      '90-minute narrated cruise for two',
      'Close-up views of the Statue of Liberty',
      'Open-air top deck and heated cabin',
      'Onboard bar (drinks not included)',
    ],
    finePrint:
      'Valid for two adult tickets on any sunset departure. Reserve your departure online at least 24 hours ahead. Please arrive 30 minutes before boarding. Not valid with other offers.',
    categoryId: 6,
    city: 'New York',
    state: 'NY',
    originalPriceCents: 13000,
    dealPriceCents: 7900,
    expiresInDays: 45,
    createdDaysAgo: 1,
    image: 'harbor-cruise.svg',
    type: 'standard',
  },
  {
    key: 'lone-star-bowling-party-for-six',
    merchantKey: 'lone-star-lanes',
    title: 'Two Hours of Bowling for Six with Shoes and a Large Pizza',
    description:
      'Grab your crew for two hours on a private lane with shoe rental for up to six bowlers, a large one-topping pizza and a pitcher of soda. Our lanes have automatic scoring and bumpers on request, so it works for office outings and family nights alike.',
    highlights: [
      'Two hours of lane time for up to six',
      'Shoe rental for everyone',
      'Large one-topping pizza and a soda pitcher',
      'Bumpers and ball ramps available',
    ],
    finePrint: `${BOOST_NOTE} Valid Sunday through Thursday; Friday and Saturday bookings carry a surcharge payable at the venue. Lane reservation required. Not valid with other offers.`,
    categoryId: 3,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 14000,
    dealPriceCents: 7500,
    expiresInDays: 60,
    createdDaysAgo: 3,
    image: 'bowling.svg',
    type: 'perkboost',
    votesRequired: 50,
    currentVotes: 32,
    votingEndsInDays: 7,
  },
  {
    key: 'astoria-three-month-unlimited',
    merchantKey: 'astoria-fit-lab',
    title: 'Three-Month Unlimited Membership with Group Classes',
    description:
      'Get three months of unlimited open-gym access plus every group class on the schedule, including HIIT, kettlebell strength, spin and boxing fundamentals. New members also get a body-composition scan and a goal-setting session with a coach in the first week.',
    highlights: [
      'Unlimited gym floor and group classes for three months',
      'Body-composition scan included',
      'One-on-one goal-setting session',
      'Locker room with towel service',
    ],
    finePrint: `${BOOST_NOTE} New members only; must be 18 or older. Membership begins on the first visit and cannot be paused or transferred. Not valid with other offers.`,
    categoryId: 4,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 27000,
    dealPriceCents: 12900,
    expiresInDays: 80,
    createdDaysAgo: 4,
    image: 'gym-dumbbell.svg',
    type: 'perkboost',
    votesRequired: 100,
    currentVotes: 78,
    votingEndsInDays: 10,
  },

  // ── Chicago · Windy City Bistro ───────────────────────────────────────────
  {
    key: 'windy-city-weekend-brunch',
    merchantKey: 'demo-merchant',
    title: 'Weekend Brunch for Two with Bottomless Coffee',
    description:
      'Choose two brunch entrées such as lemon-ricotta pancakes, short rib hash with fried eggs or a smoked whitefish benedict, plus a shared pastry basket. Coffee and tea are bottomless, and mimosas are available at a special add-on price.',
    highlights: [
      'Two brunch entrées',
      'Shared pastry basket of the day',
      'Bottomless drip coffee or hot tea',
      'Served Saturdays and Sundays',
    ],
    finePrint:
      'Valid Saturday and Sunday from 9am to 2pm. Limit one voucher per table. Reservations recommended; walk-ins seated as available. Not valid with other offers.',
    categoryId: 1,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 5600,
    dealPriceCents: 3400,
    expiresInDays: 45,
    createdDaysAgo: 9,
    image: 'brunch.svg',
    type: 'standard',
  },
  {
    key: 'windy-city-wine-charcuterie',
    merchantKey: 'demo-merchant',
    title: 'Wine Flight and Charcuterie Board for Two',
    description:
      'Taste three pours each from our Great Lakes wine list, paired with a board of cured meats, aged Wisconsin cheddar, house pickles, fig jam and grilled bread. Our sommelier picks the flight nightly and is happy to talk you through it.',
    highlights: [
      'Three-wine tasting flight per person',
      'Chef-built charcuterie and cheese board',
      'House pickles, fig jam and grilled bread',
      'Available at the bar or a table',
    ],
    finePrint:
      'Must be 21 or older with valid ID. Valid Monday through Thursday after 4pm. Limit one voucher per party. Not valid with other offers.',
    categoryId: 1,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 6400,
    dealPriceCents: 3800,
    expiresInDays: 50,
    createdDaysAgo: 14,
    image: 'wine-charcuterie.svg',
    type: 'standard',
  },
  {
    key: 'windy-city-deep-dish-night',
    merchantKey: 'demo-merchant',
    title: 'Deep-Dish Pizza Dinner for Four with Caesar Salad',
    description:
      'Our weekend deep dish has a buttery cornmeal crust, whole-milk mozzarella and a chunky tomato sauce simmered for hours. This deal includes one large deep-dish pizza with up to three toppings, a family-size Caesar salad and four fountain drinks.',
    highlights: [
      'One large deep-dish with up to three toppings',
      'Family-size Caesar salad',
      'Four fountain drinks',
      'Dine in or carry out',
    ],
    finePrint:
      'Valid Friday through Sunday. Deep dish takes about 45 minutes to bake, so we suggest ordering ahead. Limit one voucher per visit. Not valid with other offers.',
    categoryId: 1,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 7200,
    dealPriceCents: 4500,
    expiresInDays: 40,
    createdDaysAgo: 20,
    image: 'pizza.svg',
    type: 'standard',
  },
  {
    key: 'windy-city-pasta-class',
    merchantKey: 'demo-merchant',
    title: 'Hands-On Fresh Pasta Making Class',
    description:
      'Learn to make pasta dough from scratch, then roll and shape tagliatelle, ravioli and orecchiette alongside our chef. Afterwards you sit down to eat what you made with a glass of wine, and you take home recipe cards and any extra pasta.',
    highlights: [
      'Two-and-a-half-hour class with our chef',
      'Make three pasta shapes from scratch',
      'Sit-down dinner with a glass of wine',
      'Take-home recipe cards and leftover pasta',
    ],
    finePrint:
      'Valid for one participant; classes run most Sunday afternoons. Booking required, with seats limited to twelve per class. Guests must be 21 or older to be served wine. Not valid with other offers.',
    categoryId: 8,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 9500,
    dealPriceCents: 5500,
    expiresInDays: 70,
    createdDaysAgo: 11,
    image: 'pasta-class.svg',
    type: 'standard',
  },
  {
    key: 'windy-city-sommelier-wine-dinner',
    merchantKey: 'demo-merchant',
    title: 'Four-Course Sommelier Wine Dinner for Two',
    description:
      'Join our sommelier for a seated four-course dinner in the private dining room, with each course paired to a wine from a small Midwest or Finger Lakes producer. Expect dishes like walleye with brown butter, duck breast with cherry jus and a cheese course from local creameries.',
    highlights: [
      'Four courses, each with a wine pairing',
      'Hosted in the private dining room',
      'Guided tasting notes from our sommelier',
      'Limited to 24 guests per dinner',
    ],
    finePrint: `${BOOST_NOTE} Valid for two guests 21 or older at our scheduled monthly wine dinners. Reservation required; seats are first come, first served. Not valid with other offers.`,
    categoryId: 1,
    city: 'Chicago',
    state: 'IL',
    originalPriceCents: 24000,
    dealPriceCents: 15000,
    expiresInDays: 75,
    createdDaysAgo: 0,
    image: 'wine-charcuterie.svg',
    type: 'perkboost',
    votesRequired: 40,
    currentVotes: 18,
    votingEndsInDays: 5,
  },

  // ── New York · Skyline Harbor Tours ──────────────────────────────────────
  {
    key: 'skyline-helicopter-tour',
    merchantKey: 'skyline-harbor-tours',
    title: '15-Minute Manhattan Helicopter Tour',
    description:
      'Lift off from the Downtown Manhattan Heliport for a flight up the Hudson past One World Trade Center, the Empire State Building and Central Park. Every seat is a window seat, and noise-cancelling headsets let you hear the live commentary from your pilot.',
    highlights: ['15-minute flight over Manhattan', 'Guaranteed window seat', 'Live pilot commentary', 'Souvenir boarding photo'],
    finePrint:
      'Valid for one passenger. Reservation required; flights may be rescheduled for weather. A heliport fee is payable on the day of the flight. Not valid with other offers.',
    categoryId: 6,
    city: 'New York',
    state: 'NY',
    originalPriceCents: 34900,
    dealPriceCents: 22900,
    expiresInDays: 90,
    createdDaysAgo: 7,
    image: 'helicopter.svg',
    type: 'standard',
    boost: { days: 7, daysAgo: 2 },
  },
  {
    key: 'skyline-central-park-bike-tour',
    merchantKey: 'skyline-harbor-tours',
    title: 'Two-Hour Guided Central Park Bike Tour for Two',
    description:
      'Pedal through Central Park with a local guide, stopping at Bethesda Fountain, Strawberry Fields, Belvedere Castle and Bow Bridge. Comfortable hybrid bikes, helmets and a bottle of water for each rider are included.',
    highlights: [
      'Two-hour guided ride for two',
      'Hybrid bikes and helmets included',
      'Stops at the most famous park landmarks',
      'Small groups of up to twelve riders',
    ],
    finePrint:
      'Valid for two riders aged 12 and up; riders under 16 must be with an adult. Tours depart daily at 10am and 1pm and booking is required. Not valid with other offers.',
    categoryId: 6,
    city: 'New York',
    state: 'NY',
    originalPriceCents: 11000,
    dealPriceCents: 6000,
    expiresInDays: 60,
    createdDaysAgo: 16,
    image: 'bicycle.svg',
    type: 'standard',
  },
  {
    key: 'skyline-theater-district-walk',
    merchantKey: 'skyline-harbor-tours',
    title: 'Theater District History Walking Tour for Two',
    description:
      'Walk the Theater District with a former Broadway stage manager who shares backstage stories, historic playhouses, Shubert Alley and the secrets of Times Square. The tour ends on Restaurant Row with a list of our favorite pre-show dinner spots.',
    highlights: [
      'Two-hour guided walk for two',
      'Led by a theater industry veteran',
      'Historic playhouses and Shubert Alley',
      'Pre-show dining recommendations',
    ],
    finePrint:
      'Valid for two guests. Tours run Wednesday through Sunday; book online at least 24 hours in advance. Tours operate rain or shine. Not valid with other offers.',
    categoryId: 6,
    city: 'New York',
    state: 'NY',
    originalPriceCents: 7000,
    dealPriceCents: 3900,
    expiresInDays: 55,
    createdDaysAgo: 23,
    image: 'walking-tour.svg',
    type: 'standard',
  },
  {
    key: 'skyline-sunrise-photo-walk',
    merchantKey: 'skyline-harbor-tours',
    title: 'Sunrise Skyline Photo Walk with a Pro Photographer',
    description:
      'Meet a professional photographer at City Hall Park and walk across the Brooklyn Bridge at sunrise, learning composition, exposure and low-light tricks along the way. Bring any camera or smartphone; you leave with a set of skyline shots and a short editing guide.',
    highlights: [
      'Three-hour sunrise walk',
      'Hands-on tips for any camera or phone',
      'Small group of up to eight',
      'Editing guide emailed after the walk',
    ],
    finePrint:
      'Valid for one participant. Walks are held on weekend mornings and the start time follows sunrise. Booking required; walks are rescheduled in heavy rain. Not valid with other offers.',
    categoryId: 8,
    city: 'New York',
    state: 'NY',
    originalPriceCents: 8900,
    dealPriceCents: 4900,
    expiresInDays: 65,
    createdDaysAgo: 12,
    image: 'camera.svg',
    type: 'standard',
  },

  // ── Brooklyn · Bushwick Bloom Spa, Skyline Harbor Tours ──────────────────
  {
    key: 'bloom-signature-facial',
    merchantKey: 'bushwick-bloom-spa',
    title: 'Signature 60-Minute Facial with LED Light Therapy',
    description:
      'Our esthetician starts with a skin analysis, then customizes a deep cleanse, gentle exfoliation, extractions and a hydrating mask for your skin type. The session finishes with 15 minutes of LED light therapy to calm redness and support collagen.',
    highlights: [
      '60-minute customized facial',
      'Skin analysis and extractions',
      '15 minutes of LED light therapy',
      'Take-home sample of your recommended serum',
    ],
    finePrint:
      'Valid for one guest. Appointment required with 24-hour cancellation notice. Not recommended during pregnancy without approval from your doctor. Not valid with other offers.',
    categoryId: 5,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 13000,
    dealPriceCents: 7500,
    expiresInDays: 60,
    createdDaysAgo: 8,
    image: 'facial.svg',
    type: 'standard',
  },
  {
    key: 'bloom-gel-mani-spa-pedi',
    merchantKey: 'bushwick-bloom-spa',
    title: 'Gel Manicure and Spa Pedicure',
    description:
      'Treat your hands and feet to a long-wear gel manicure and a spa pedicure with a sea-salt soak, callus care, sugar scrub and hot-towel massage. Choose from more than a hundred gel colors, refreshed every season.',
    highlights: [
      'Gel manicure with cuticle care',
      'Spa pedicure with sugar scrub and massage',
      'Over a hundred gel colors',
      'Hospital-grade sterilized tools',
    ],
    finePrint:
      'Valid for one guest in a single visit. Appointment required; walk-ins as available. Removing gel applied at another salon is an additional fee. Not valid with other offers.',
    categoryId: 5,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 8500,
    dealPriceCents: 4900,
    expiresInDays: 40,
    createdDaysAgo: 18,
    image: 'manicure.svg',
    type: 'standard',
  },
  {
    key: 'bloom-lash-lift-tint',
    merchantKey: 'bushwick-bloom-spa',
    title: 'Lash Lift and Tint',
    description:
      'Get a natural curl and darker lashes that last up to eight weeks, with no extensions or mascara needed. The 45-minute treatment ends with a nourishing keratin serum to keep lashes healthy between appointments.',
    highlights: [
      '45-minute lash lift with tint',
      'Results last six to eight weeks',
      'Nourishing keratin lash treatment',
      'Patch test available on request',
    ],
    finePrint:
      'Valid for one guest. First-time tint clients need a patch test at least 24 hours before the appointment. Appointment required. Not valid with other offers.',
    categoryId: 5,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 9000,
    dealPriceCents: 5200,
    expiresInDays: 50,
    createdDaysAgo: 26,
    image: 'lashes.svg',
    type: 'standard',
  },
  {
    key: 'bloom-hot-stone-massage',
    merchantKey: 'bushwick-bloom-spa',
    title: '60-Minute Hot Stone Massage',
    description:
      'Smooth basalt stones are heated and glided along tense muscles to melt away knots in your back, shoulders and legs. The session finishes with a scalp massage and a cup of our house chamomile-lavender tea.',
    highlights: ['60-minute hot stone massage', 'Warm basalt stones and organic oils', 'Scalp massage included', 'Tea lounge access'],
    finePrint:
      'Valid for one guest. Appointment required; cancel at least 24 hours ahead. Gratuity not included. Not valid with other offers.',
    categoryId: 5,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 12500,
    dealPriceCents: 7000,
    expiresInDays: 45,
    createdDaysAgo: 13,
    image: 'massage-stones.svg',
    type: 'standard',
  },
  {
    key: 'bloom-skincare-voucher',
    merchantKey: 'bushwick-bloom-spa',
    title: '$60 Toward Botanical Skincare Products',
    description:
      'Stock up on the cleansers, serums, masks and body oils we use in our treatment rooms, including small-batch brands made in Brooklyn. Our staff can match products to your skin type, and gift wrapping is free.',
    highlights: [
      '$60 to spend in our retail boutique',
      'Small-batch and Brooklyn-made brands',
      'Free skin-type consultation',
      'Complimentary gift wrapping',
    ],
    finePrint:
      'Valid on retail products only, not services. Must be used in a single visit; unused balance is not returned as cash. Limit two vouchers per person. Not valid with other offers.',
    categoryId: 2,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 6000,
    dealPriceCents: 3500,
    expiresInDays: 90,
    createdDaysAgo: 21,
    image: 'skincare-products.svg',
    type: 'standard',
  },
  {
    key: 'skyline-brooklyn-pizza-walk',
    merchantKey: 'skyline-harbor-tours',
    title: 'Brooklyn Pizza Walking Tour with Four Tastings',
    description:
      'Walk from Brooklyn Bridge Park through DUMBO and Brooklyn Heights, tasting a slice at four neighborhood pizzerias, from coal-fired classics to a modern square pie. Between stops your guide covers the history of New York pizza and the revival of the waterfront.',
    highlights: [
      'Four pizza tastings',
      'Two-and-a-half-hour guided walk',
      'Skyline views from Brooklyn Bridge Park',
      'Vegetarian options at every stop',
    ],
    finePrint:
      'Valid for one guest. Tours run Thursday through Sunday at noon; booking required. Tastings are set by each pizzeria and may change. Not valid with other offers.',
    categoryId: 1,
    city: 'Brooklyn',
    state: 'NY',
    originalPriceCents: 6500,
    dealPriceCents: 3900,
    expiresInDays: 50,
    createdDaysAgo: 6,
    image: 'pizza.svg',
    type: 'standard',
  },

  // ── Queens · Astoria Fit Lab, Skyline Harbor Tours ───────────────────────
  {
    key: 'astoria-ten-class-pass',
    merchantKey: 'astoria-fit-lab',
    title: '10-Class Pass for HIIT, Strength and Spin',
    description:
      'Mix and match ten group classes across the full schedule, including 45-minute HIIT circuits, barbell strength, kettlebell conditioning and rhythm-based spin. Every class is coached for all levels, with scaled options for beginners.',
    highlights: [
      'Ten group classes of your choice',
      'Valid for three months from the first class',
      'Coached for all fitness levels',
      'Free towel and locker',
    ],
    finePrint:
      'Classes must be booked through our app up to seven days ahead. The pass expires three months after the first class and is non-transferable. Late cancellations count as a used class. Not valid with other offers.',
    categoryId: 4,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 18000,
    dealPriceCents: 8900,
    expiresInDays: 60,
    createdDaysAgo: 10,
    image: 'gym-dumbbell.svg',
    type: 'standard',
  },
  {
    key: 'astoria-personal-training-three',
    merchantKey: 'astoria-fit-lab',
    title: 'Three 60-Minute Personal Training Sessions',
    description:
      'Work one-on-one with a certified trainer who assesses your movement, sets goals with you and builds a program around strength, mobility or weight loss. Each session runs a full hour, and you get a written plan to follow between visits.',
    highlights: [
      'Three one-hour private sessions',
      'Movement assessment in the first session',
      'Personalized written training plan',
      'Nutrition basics check-in',
    ],
    finePrint:
      'New personal training clients only. Sessions must be used within 60 days of purchase. Cancel at least 24 hours ahead or the session is forfeited. Not valid with other offers.',
    categoryId: 4,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 27000,
    dealPriceCents: 14900,
    expiresInDays: 70,
    createdDaysAgo: 17,
    image: 'gym-dumbbell.svg',
    type: 'standard',
  },
  {
    key: 'astoria-boxing-fundamentals',
    merchantKey: 'astoria-fit-lab',
    title: 'Four-Week Boxing Fundamentals Course',
    description:
      'Learn proper stance, footwork, the jab-cross and defensive slips in eight small-group sessions led by a former amateur champion. Hand wraps are yours to keep, and gloves and pads are provided in class.',
    highlights: [
      'Eight coached sessions over four weeks',
      'Hand wraps included to keep',
      'Gloves and pads provided',
      'Small groups of up to ten',
    ],
    finePrint:
      'A new course starts on the first Monday of each month; enrollment required. No sparring is included. Participants must be 16 or older. Not valid with other offers.',
    categoryId: 4,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 16000,
    dealPriceCents: 8500,
    expiresInDays: 45,
    createdDaysAgo: 27,
    image: 'boxing.svg',
    type: 'standard',
  },
  {
    key: 'astoria-mobility-yoga-five',
    merchantKey: 'astoria-fit-lab',
    title: 'Five Mobility and Recovery Yoga Classes',
    description:
      'Balance hard training days with slow-flow yoga, mobility drills and foam-rolling techniques that loosen hips, hamstrings and shoulders. Classes run 50 minutes in our quiet upstairs studio, with mats and props provided.',
    highlights: [
      'Five 50-minute classes',
      'Mats, blocks and straps provided',
      'Great for runners and lifters',
      'Evening and weekend times',
    ],
    finePrint:
      'Pass valid for 60 days from the first class. Booking required through our app. Non-transferable. Not valid with other offers.',
    categoryId: 4,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 9000,
    dealPriceCents: 4500,
    expiresInDays: 35,
    createdDaysAgo: 24,
    image: 'yoga.svg',
    type: 'standard',
  },
  {
    key: 'skyline-jackson-heights-food-tour',
    merchantKey: 'skyline-harbor-tours',
    title: 'Jackson Heights World Food Walking Tour',
    description:
      'Eat your way through one of the most diverse neighborhoods in the country, sampling Tibetan momos, Colombian arepas, Indian chaat and Thai desserts on a three-hour guided walk. Your guide introduces you to family-run shops and street carts most visitors never find.',
    highlights: [
      'Tastings at six family-run spots',
      'Three-hour guided walk',
      'Enough food for a full meal',
      'Vegetarian-friendly on request',
    ],
    finePrint:
      'Valid for one guest. Tours depart Saturdays and Sundays at 11am; booking required. Please share dietary restrictions when booking. Not valid with other offers.',
    categoryId: 1,
    city: 'Queens',
    state: 'NY',
    originalPriceCents: 8500,
    dealPriceCents: 5100,
    expiresInDays: 55,
    createdDaysAgo: 15,
    image: 'dumplings.svg',
    type: 'standard',
  },

  // ── Los Angeles · Silver Lake Social Club, Biscayne Glow ─────────────────
  {
    key: 'silver-lake-comedy-night',
    merchantKey: 'silver-lake-social',
    title: 'Stand-Up Comedy Night for Two with Two Drinks Each',
    description:
      'Catch a lineup of five working comics from late-night TV and the LA club circuit in our intimate showroom. The deal covers general admission for two plus two house cocktails, beers or sodas per person.',
    highlights: [
      'General admission for two',
      'Two drinks per person',
      'Five-comic lineup at every show',
      'Shows Thursday through Saturday',
    ],
    finePrint:
      'Guests must be 21 or older. Seating is first come, first served, so arrive 30 minutes early. Shows may contain mature content. Not valid with other offers.',
    categoryId: 3,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 8000,
    dealPriceCents: 4000,
    expiresInDays: 40,
    createdDaysAgo: 19,
    image: 'comedy-mic.svg',
    type: 'standard',
  },
  {
    key: 'silver-lake-karaoke-room',
    merchantKey: 'silver-lake-social',
    title: 'Two-Hour Private Karaoke Room for up to Eight',
    description:
      'Book a private room with a huge song library in English, Spanish, Korean and Japanese, two wireless mics and LED mood lighting. A shareable platter of wings, fries and street corn keeps the singers fueled.',
    highlights: ['Two hours in a private room', 'Up to eight guests', 'Multilingual song library', 'Shareable snack platter included'],
    finePrint:
      'Reservation required; rooms are held for 15 minutes past the booking time. Valid Sunday through Thursday. Guests under 21 are welcome until 9pm with an adult. Not valid with other offers.',
    categoryId: 3,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 18000,
    dealPriceCents: 9900,
    expiresInDays: 60,
    createdDaysAgo: 3,
    image: 'karaoke.svg',
    type: 'standard',
  },
  {
    key: 'silver-lake-rooftop-cinema',
    merchantKey: 'silver-lake-social',
    title: 'Rooftop Movie Night for Two with Popcorn and Blankets',
    description:
      'Watch cult classics and new indie releases under the stars on our rooftop screen, with wireless headphones, cozy blankets and bean-bag seating. Tickets for two include a large buttered popcorn to share and two craft sodas.',
    highlights: [
      'Two rooftop screening tickets',
      'Wireless headphones and blankets',
      'Large popcorn and two craft sodas',
      'Views of the Downtown LA skyline',
    ],
    finePrint: `${BOOST_NOTE} Valid for screenings Sunday through Thursday. Reserve seats online; rained-out screenings move to a later date. Not valid with other offers.`,
    categoryId: 3,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 6000,
    dealPriceCents: 3300,
    expiresInDays: 50,
    createdDaysAgo: 1,
    image: 'rooftop-cinema.svg',
    type: 'perkboost',
    votesRequired: 80,
    currentVotes: 45,
    votingEndsInDays: 6,
  },
  {
    key: 'silver-lake-taco-mezcal',
    merchantKey: 'silver-lake-social',
    title: 'Baja Taco Platter and Mezcal Tasting for Two',
    description:
      'Share six Baja-style tacos, including beer-battered fish, grilled shrimp and al pastor with charred pineapple, with chips, a salsa trio and guacamole. Each guest also gets a flight of three mezcal pours with orange slices and sal de gusano.',
    highlights: [
      'Six tacos to share',
      'Chips, salsa trio and guacamole',
      'Three-pour mezcal flight per person',
      'Agua fresca swap available',
    ],
    finePrint: 'Must be 21 or older for mezcal. Valid daily from 5pm to close. Limit one voucher per table. Not valid with other offers.',
    categoryId: 1,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 9000,
    dealPriceCents: 5200,
    expiresInDays: 45,
    createdDaysAgo: 25,
    image: 'tacos.svg',
    type: 'standard',
  },
  {
    key: 'silver-lake-bottomless-brunch',
    merchantKey: 'silver-lake-social',
    title: 'Weekend Brunch with Bottomless Mimosas and a Live DJ',
    description:
      'Our weekend brunch pairs chilaquiles, breakfast burritos and churro French toast with 90 minutes of bottomless mimosas or micheladas while a resident DJ spins soul and funk. Each guest picks one entrée, and every table gets a basket of fresh conchas.',
    highlights: [
      'One brunch entrée per guest',
      '90 minutes of bottomless mimosas or micheladas',
      'Live DJ every Saturday and Sunday',
      'Basket of fresh conchas for the table',
    ],
    finePrint:
      'Valid for one guest aged 21 or older, Saturday and Sunday from 10am to 3pm. Reservations strongly recommended. Bottomless drinks are limited to 90 minutes from seating. Not valid with other offers.',
    categoryId: 1,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 4800,
    dealPriceCents: 2900,
    expiresInDays: 30,
    createdDaysAgo: 4,
    image: 'brunch.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-la-brow-lamination',
    merchantKey: 'biscayne-glow',
    title: 'Brow Lamination with Tint and Shaping',
    description:
      'Get fuller, brushed-up brows that hold their shape for about six weeks. Our artist maps your brows, laminates and tints them to match your hair, then finishes with a precise wax, tweeze and nourishing brow serum.',
    highlights: [
      'Brow mapping and shaping',
      'Lamination lasts about six weeks',
      'Custom tint to match your hair color',
      'Nourishing brow oil treatment',
    ],
    finePrint:
      'Valid at our Los Angeles studio for one guest. First-time tint clients need a patch test 24 hours before. Appointment required. Not valid with other offers.',
    categoryId: 5,
    city: 'Los Angeles',
    state: 'CA',
    originalPriceCents: 11000,
    dealPriceCents: 5900,
    expiresInDays: 60,
    createdDaysAgo: 29,
    image: 'lashes.svg',
    type: 'standard',
  },

  // ── San Francisco · Fog City Cycles ──────────────────────────────────────
  {
    key: 'fog-city-full-tune-up',
    merchantKey: 'fog-city-cycles',
    title: 'Full Bike Tune-Up with Drivetrain Cleaning',
    description:
      'Our mechanics adjust brakes and gears, true both wheels, check bearings and torque every bolt to spec. The drivetrain gets a full degrease and fresh lube, and most bikes dropped off before noon are ready the same day.',
    highlights: [
      'Brake and gear adjustment',
      'Wheel truing and bearing check',
      'Full drivetrain degrease and lube',
      'Same-day service on most bikes',
    ],
    finePrint:
      'Valid for one standard bike or e-bike; parts and tubes are extra. Drop-off appointment recommended. Limit two vouchers per customer. Not valid with other offers.',
    categoryId: 7,
    city: 'San Francisco',
    state: 'CA',
    originalPriceCents: 12000,
    dealPriceCents: 6900,
    expiresInDays: 60,
    createdDaysAgo: 5,
    image: 'bicycle.svg',
    type: 'standard',
  },
  {
    key: 'fog-city-accessories-voucher',
    merchantKey: 'fog-city-cycles',
    title: '$100 Toward Commuter Gear and Accessories',
    description:
      'Spend it on anything in the shop except complete bikes: panniers, fenders, rain jackets, locks, lights, racks or a new saddle. Our staff installs small accessories like lights and bottle cages for free while you wait.',
    highlights: [
      '$100 to spend on gear and accessories',
      'Free installation of small parts',
      'Top commuter and touring brands',
      'Expert fitting advice',
    ],
    finePrint:
      'Not valid toward complete bikes, service or rentals. Must be used in one visit. Limit one voucher per person. Not valid with other offers.',
    categoryId: 2,
    city: 'San Francisco',
    state: 'CA',
    originalPriceCents: 10000,
    dealPriceCents: 6000,
    expiresInDays: 90,
    createdDaysAgo: 22,
    image: 'bike-helmet.svg',
    type: 'standard',
  },
  {
    key: 'fog-city-ebike-day-rental',
    merchantKey: 'fog-city-cycles',
    title: 'Full-Day E-Bike Rental for Two with Golden Gate Route',
    description:
      'Cruise the Presidio, cross the Golden Gate Bridge and coast down into Sausalito on pedal-assist e-bikes with plenty of range for the hills. Rentals include helmets, locks, phone mounts and our favorite waterfront route with coffee stops.',
    highlights: [
      'Two e-bikes for a full day',
      'Helmets, locks and phone mounts',
      'Turn-by-turn Golden Gate route',
      'Tips for the ferry ride back from Sausalito',
    ],
    finePrint: `${BOOST_NOTE} Riders must be 18 or older with valid ID and a credit card for the deposit. Bikes must be returned by 7pm; ferry tickets are not included. Not valid with other offers.`,
    categoryId: 6,
    city: 'San Francisco',
    state: 'CA',
    originalPriceCents: 22000,
    dealPriceCents: 12900,
    expiresInDays: 70,
    createdDaysAgo: 2,
    image: 'bicycle.svg',
    type: 'perkboost',
    votesRequired: 200,
    currentVotes: 141,
    votingEndsInDays: 12,
  },
  {
    key: 'fog-city-safety-bundle',
    merchantKey: 'fog-city-cycles',
    title: 'Helmet and Front-and-Rear Light Safety Bundle',
    description:
      'Ride safely through the fog with a commuter helmet with a MIPS liner, a USB-rechargeable front light and a bright rear light with a daytime flash mode. We fit the helmet and mount the lights on your bike before you leave.',
    highlights: [
      'Commuter helmet with MIPS liner',
      'Rechargeable front and rear lights',
      'Professional helmet fitting',
      'Lights mounted on your bike for free',
    ],
    finePrint:
      'Valid in store only; helmet size and color subject to availability. Unused items can be exchanged within 14 days. Limit one bundle per customer. Not valid with other offers.',
    categoryId: 2,
    city: 'San Francisco',
    state: 'CA',
    originalPriceCents: 11000,
    dealPriceCents: 7000,
    expiresInDays: 75,
    createdDaysAgo: 28,
    image: 'bike-helmet.svg',
    type: 'standard',
  },
  {
    key: 'fog-city-maintenance-workshop',
    merchantKey: 'fog-city-cycles',
    title: 'Beginner Bike Maintenance Workshop',
    description:
      'In two hours you learn to fix a flat, adjust brakes, index your gears and keep your chain running clean. Everyone works on their own bike in our shop while a mechanic coaches the group.',
    highlights: ['Two-hour hands-on workshop', 'Work on your own bike', 'Small group of up to six', 'Take-home multi-tool included'],
    finePrint:
      'Valid for one participant. Workshops run Tuesday evenings and Saturday mornings; booking required. Please bring a clean, rideable bike. Not valid with other offers.',
    categoryId: 8,
    city: 'San Francisco',
    state: 'CA',
    originalPriceCents: 7500,
    dealPriceCents: 4500,
    expiresInDays: 55,
    createdDaysAgo: 14,
    image: 'toolbox.svg',
    type: 'standard',
  },

  // ── San Diego · Pacific Tide Surf Co. ────────────────────────────────────
  {
    key: 'pacific-tide-group-surf-lesson',
    merchantKey: 'pacific-tide-surf',
    title: 'Two-Hour Group Surf Lesson with Board and Wetsuit',
    description:
      'Learn to paddle, pop up and ride your first waves with a certified instructor in Pacific Beach. Lessons start with beach practice, then move into the water with no more than four students per coach.',
    highlights: [
      'Two-hour lesson at Pacific Beach',
      'Soft-top board and wetsuit included',
      'Max four students per instructor',
      'Free board use for the rest of the day',
    ],
    finePrint:
      'Valid for one participant aged 8 or older who can swim. Booking required; lessons are rescheduled when surf is unsafe. Arrive 15 minutes early to get fitted. Not valid with other offers.',
    categoryId: 4,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 9500,
    dealPriceCents: 5500,
    expiresInDays: 60,
    createdDaysAgo: 6,
    image: 'surf-lesson.svg',
    type: 'standard',
  },
  {
    key: 'pacific-tide-private-surf-lesson',
    merchantKey: 'pacific-tide-surf',
    title: '90-Minute Private Surf Lesson with Video Review',
    description:
      'Get one-on-one coaching tailored to your level, whether you are catching your first white water or working on turns. Your instructor films part of the session so you can review your technique afterwards.',
    highlights: [
      '90 minutes of one-on-one coaching',
      'Board and wetsuit included',
      'Video review of your session',
      'Morning or afternoon times',
    ],
    finePrint:
      'Valid for one participant. Booking required at least 48 hours ahead. Sessions may be rescheduled for unsafe conditions. Not valid with other offers.',
    categoryId: 4,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 16500,
    dealPriceCents: 9900,
    expiresInDays: 80,
    createdDaysAgo: 20,
    image: 'surf-lesson.svg',
    type: 'standard',
  },
  {
    key: 'pacific-tide-kids-surf-camp',
    merchantKey: 'pacific-tide-surf',
    title: 'Three-Morning Kids Surf Camp',
    description:
      'Kids aged seven to fourteen spend three mornings learning ocean safety, paddling and standing up on a soft-top board, with beach games between sessions. Snacks, rash guards, wetsuits and boards are all provided.',
    highlights: [
      'Three mornings of coached surfing',
      'Ages seven to fourteen',
      'Board, wetsuit and rash guard included',
      'Snack and sunscreen breaks',
    ],
    finePrint:
      'Valid for one child who is comfortable swimming. Camp weeks follow a published schedule and booking is required. A parent or guardian must sign a waiver. Not valid with other offers.',
    categoryId: 4,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 27500,
    dealPriceCents: 17900,
    expiresInDays: 85,
    createdDaysAgo: 30,
    image: 'surf-lesson.svg',
    type: 'standard',
  },
  {
    key: 'pacific-tide-sup-rental',
    merchantKey: 'pacific-tide-surf',
    title: 'Two-Hour Stand-Up Paddleboard Rental for Two',
    description:
      'Glide across the calm water of Mission Bay on two stable all-around paddleboards, perfect for first-timers and families. Paddles, leashes and life vests are included, plus a quick on-land lesson before you launch.',
    highlights: [
      'Two boards for two hours',
      'Paddles, leashes and life vests',
      'Quick lesson before you launch',
      'Calm-water launch on Mission Bay',
    ],
    finePrint:
      'Riders must be 10 or older, and under-18s must be with an adult. Reservations recommended on weekends. A card deposit is required at check-in. Not valid with other offers.',
    categoryId: 3,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 8000,
    dealPriceCents: 4500,
    expiresInDays: 45,
    createdDaysAgo: 10,
    image: 'kayak.svg',
    type: 'standard',
  },
  {
    key: 'pacific-tide-la-jolla-kayak-tour',
    merchantKey: 'pacific-tide-surf',
    title: 'La Jolla Sea Caves Kayak Tour for Two',
    description:
      'Paddle a stable tandem kayak through the La Jolla Underwater Park to explore the sea caves and spot sea lions, bright orange garibaldi and, in summer, leopard sharks. Your naturalist guide shares the story of the coastline along the way.',
    highlights: [
      'Two-hour guided tour for two',
      'Tandem kayak, paddles and life vests',
      'Paddle into the famous sea caves',
      'Wildlife viewing with a naturalist guide',
    ],
    finePrint:
      'Valid for two guests aged 6 or older. Booking required; tours canceled for surf conditions can be rescheduled at no cost. Participants should be comfortable in the water. Not valid with other offers.',
    categoryId: 6,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 15000,
    dealPriceCents: 8900,
    expiresInDays: 65,
    createdDaysAgo: 8,
    image: 'kayak.svg',
    type: 'standard',
  },
  {
    key: 'pacific-tide-surf-shop-voucher',
    merchantKey: 'pacific-tide-surf',
    title: '$80 Toward Surf Apparel, Wax and Accessories',
    description:
      'Pick up boardshorts, rash guards, reef-safe sunscreen, leashes, fins and wax at our Pacific Beach shop. Our crew can also help you find the right board size for your next rental or purchase.',
    highlights: ['$80 to spend in store', 'Apparel, wetsuits and accessories', 'Reef-safe sun care', 'Friendly board-sizing advice'],
    finePrint:
      'Not valid on lessons or rentals. Must be used in one visit with no cash back. Limit one voucher per person. Not valid with other offers.',
    categoryId: 2,
    city: 'San Diego',
    state: 'CA',
    originalPriceCents: 8000,
    dealPriceCents: 4500,
    expiresInDays: 90,
    createdDaysAgo: 18,
    image: 'surf-shop.svg',
    type: 'standard',
  },

  // ── Houston · Bayou City Home Pros, Lone Star Lanes, Deep Ellum Movement ─
  {
    key: 'bayou-deep-home-cleaning',
    merchantKey: 'bayou-city-home-pros',
    title: 'Deep Home Cleaning for up to Three Bedrooms',
    description:
      'A two-person crew spends up to four hours scrubbing kitchens and bathrooms, wiping baseboards, cleaning inside the microwave and dusting blinds and ceiling fans. All supplies and eco-friendly products are brought to your home.',
    highlights: [
      'Two-person crew for up to four hours',
      'Kitchen and bathroom deep scrub',
      'Baseboards, blinds and ceiling fans',
      'Eco-friendly supplies included',
    ],
    finePrint:
      'Valid for homes with up to three bedrooms and two bathrooms. Book at least 72 hours ahead; inside the oven and fridge is available at extra cost. Houston service area only. Not valid with other offers.',
    categoryId: 7,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 28000,
    dealPriceCents: 14900,
    expiresInDays: 60,
    createdDaysAgo: 9,
    image: 'home-cleaning.svg',
    type: 'standard',
  },
  {
    key: 'bayou-ac-tune-up',
    merchantKey: 'bayou-city-home-pros',
    title: 'AC Tune-Up with 21-Point Inspection',
    description:
      'Beat the Houston heat with a licensed technician who cleans the condenser coils, checks refrigerant levels, tests capacitors and flushes the condensate drain line. You get a written report with photos of anything that needs attention.',
    highlights: [
      '21-point system inspection',
      'Condenser coil cleaning',
      'Refrigerant and electrical checks',
      'Written report with photos',
    ],
    finePrint:
      'Valid for one central AC system. Refrigerant and parts are extra and quoted before any work begins. Appointment required; weekday slots only. Not valid with other offers.',
    categoryId: 7,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 12900,
    dealPriceCents: 5900,
    expiresInDays: 45,
    createdDaysAgo: 12,
    image: 'ac-tuneup.svg',
    type: 'standard',
  },
  {
    key: 'bayou-carpet-steam-cleaning',
    merchantKey: 'bayou-city-home-pros',
    title: 'Carpet Steam Cleaning for Three Rooms',
    description:
      'Our truck-mounted hot water extraction lifts dirt, pet dander and allergens from deep in the carpet fibers, followed by spot treatment on tough stains. Most carpets are dry within four to six hours.',
    highlights: [
      'Three rooms up to 250 square feet each',
      'Truck-mounted hot water extraction',
      'Pre-treatment of stains and traffic lanes',
      'Pet-safe, low-residue solution',
    ],
    finePrint:
      'Rooms over 250 square feet count as two rooms. Stairs, rugs and upholstery cost extra. Appointment required. Not valid with other offers.',
    categoryId: 7,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 16000,
    dealPriceCents: 8900,
    expiresInDays: 55,
    createdDaysAgo: 24,
    image: 'home-cleaning.svg',
    type: 'standard',
  },
  {
    key: 'bayou-handyman-two-hours',
    merchantKey: 'bayou-city-home-pros',
    title: 'Two Hours of Handyman Service',
    description:
      'Save up your to-do list for a vetted handyman who can hang shelves and TVs, patch drywall, fix leaky faucets, replace light fixtures and assemble furniture. Our technicians arrive with a fully stocked van and clean up when they finish.',
    highlights: ['Two hours of labor', 'Fully stocked tool van', 'Background-checked technicians', 'Clean-up included'],
    finePrint:
      'Materials and parts are billed separately at cost. Electrical and plumbing work is limited to minor repairs. Appointment required; Houston area only. Not valid with other offers.',
    categoryId: 7,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 18000,
    dealPriceCents: 9900,
    expiresInDays: 70,
    createdDaysAgo: 2,
    image: 'toolbox.svg',
    type: 'standard',
  },
  {
    key: 'lone-star-houston-bowling-for-four',
    merchantKey: 'lone-star-lanes',
    title: '90 Minutes of Bowling for Four with Shoes and Nachos',
    description:
      'Roll strikes at our Houston location with 90 minutes of lane time, shoe rental for four and a loaded platter of nachos with queso, smoked brisket and pickled jalapeños.',
    highlights: ['90 minutes of bowling for four', 'Shoe rental included', 'Loaded brisket nachos', 'Cosmic lighting on weekend nights'],
    finePrint:
      'Valid at the Houston location only. Lane reservation recommended and subject to availability on weekends. Limit one voucher per lane. Not valid with other offers.',
    categoryId: 3,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 9000,
    dealPriceCents: 5000,
    expiresInDays: 40,
    createdDaysAgo: 16,
    image: 'bowling.svg',
    type: 'standard',
  },
  {
    key: 'deep-ellum-houston-barre',
    merchantKey: 'deep-ellum-movement',
    title: 'Eight Barre Classes at Our Houston Studio',
    description:
      'Barre blends ballet-inspired moves, Pilates and light weights into 50 minutes of low-impact, high-burn work for legs, glutes and core. Our Montrose studio offers early-morning, lunchtime and evening classes every day.',
    highlights: [
      'Eight 50-minute barre classes',
      'Low impact and beginner friendly',
      'Grip socks for your first class',
      'Classes seven days a week',
    ],
    finePrint:
      'Valid at the Houston studio only. Classes expire two months after your first booking. Booking required through our app. Not valid with other offers.',
    categoryId: 4,
    city: 'Houston',
    state: 'TX',
    originalPriceCents: 16000,
    dealPriceCents: 7900,
    expiresInDays: 50,
    createdDaysAgo: 27,
    image: 'yoga.svg',
    type: 'standard',
  },

  // ── Austin · Lone Star Lanes, Bayou City Home Pros, Deep Ellum Movement ──
  {
    key: 'lone-star-arcade-card',
    merchantKey: 'lone-star-lanes',
    title: '$50 Arcade Game Card for $25',
    description:
      'Load up a game card that works on more than 80 arcade cabinets, from classic pinball and racing simulators to skee-ball and the latest rhythm games. Redeem your tickets at the prize counter for candy, plush toys and retro collectibles.',
    highlights: ['$50 in game credit', 'More than 80 games', 'Ticket prize counter', 'Reloadable and shareable card'],
    finePrint:
      'Game credit has no cash value and cannot be used for food, drink or bowling. Credit does not expire once loaded. Limit three vouchers per person. Not valid with other offers.',
    categoryId: 3,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 5000,
    dealPriceCents: 2500,
    expiresInDays: 90,
    createdDaysAgo: 11,
    image: 'arcade.svg',
    type: 'standard',
  },
  {
    key: 'lone-star-kids-birthday-party',
    merchantKey: 'lone-star-lanes',
    title: 'Kids Birthday Party Package for Ten',
    description:
      'Celebrate with 90 minutes of bumper bowling, shoe rental and a game card for each of ten kids, followed by a private party table with pizza, soft drinks and a host who handles setup and cleanup. The birthday child takes home a bowling pin signed by our staff.',
    highlights: [
      'Bowling, shoes and game cards for ten kids',
      'Pizza and soft drinks',
      'Dedicated party host',
      'Private party table for 45 minutes',
    ],
    finePrint:
      'Book at least one week in advance; subject to availability. Extra children can be added at a per-child rate. Outside food is limited to birthday cake. Not valid with other offers.',
    categoryId: 3,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 32000,
    dealPriceCents: 19900,
    expiresInDays: 75,
    createdDaysAgo: 21,
    image: 'bowling.svg',
    type: 'standard',
  },
  {
    key: 'lone-star-pinball-happy-hour',
    merchantKey: 'lone-star-lanes',
    title: 'Pinball and Craft Beer Happy Hour for Two',
    description:
      'Unwind after work with game credit for two on our wall of vintage and modern pinball machines, a Texas craft pint each and a basket of fried pickles to share. New tables rotate in every month.',
    highlights: ['Game credit for two players', 'One craft pint per person', 'Fried pickles to share', 'Weekdays from 4pm to 7pm'],
    finePrint:
      'Must be 21 or older. Valid Monday through Friday during happy hour only. Limit one voucher per pair of guests. Not valid with other offers.',
    categoryId: 3,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 4000,
    dealPriceCents: 2200,
    expiresInDays: 35,
    createdDaysAgo: 7,
    image: 'arcade.svg',
    type: 'standard',
  },
  {
    key: 'bayou-austin-dryer-vent-cleaning',
    merchantKey: 'bayou-city-home-pros',
    title: 'Dryer Vent Cleaning and Airflow Test',
    description:
      'A clogged dryer vent wastes energy and is a common cause of house fires. Our Austin crew brushes and vacuums the full vent run from the dryer to the exterior, clears the outside flap and tests airflow before and after.',
    highlights: [
      'Full vent line brushing and vacuuming',
      'Exterior vent hood cleared',
      'Before-and-after airflow readings',
      'Lint trap and dryer cabinet cleaned',
    ],
    finePrint:
      'Valid for one dryer vent up to 30 feet long. Roof-exit vents carry an additional fee. Appointment required; Austin service area only. Not valid with other offers.',
    categoryId: 7,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 14900,
    dealPriceCents: 6900,
    expiresInDays: 50,
    createdDaysAgo: 13,
    image: 'toolbox.svg',
    type: 'standard',
  },
  {
    key: 'deep-ellum-austin-boot-camp',
    merchantKey: 'deep-ellum-movement',
    title: 'Four-Week Outdoor Boot Camp',
    description:
      'Train outdoors along Lady Bird Lake three mornings a week with a coach leading sprint intervals, bodyweight circuits and kettlebell work. Every session scales for beginners and ends with a guided stretch.',
    highlights: [
      'Twelve outdoor sessions over four weeks',
      'Coached intervals and strength circuits',
      'Kettlebells and bands provided',
      'Scaled for every fitness level',
    ],
    finePrint:
      'Valid for one participant at our Austin location. Sessions run Monday, Wednesday and Friday at 6am, moving indoors on rainy days. Non-transferable. Not valid with other offers.',
    categoryId: 4,
    city: 'Austin',
    state: 'TX',
    originalPriceCents: 14000,
    dealPriceCents: 6900,
    expiresInDays: 30,
    createdDaysAgo: 5,
    image: 'gym-dumbbell.svg',
    type: 'standard',
  },

  // ── Dallas · Deep Ellum Movement, Bayou City Home Pros, Lone Star Lanes ──
  {
    key: 'deep-ellum-hot-yoga-ten',
    merchantKey: 'deep-ellum-movement',
    title: 'Ten Hot Yoga Classes',
    description:
      'Sweat it out in our infrared-heated studio with vinyasa, power and yin classes. Mats, towels and filtered water are on hand, and the showers are stocked with organic toiletries.',
    highlights: [
      'Ten hot yoga classes',
      'Vinyasa, power and yin styles',
      'Mat and towel rental included',
      'Showers with organic toiletries',
    ],
    finePrint:
      'Pass expires four months after the first class and is non-transferable. Booking required through our app. Please arrive hydrated and ten minutes early. Not valid with other offers.',
    categoryId: 4,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 20000,
    dealPriceCents: 8900,
    expiresInDays: 60,
    createdDaysAgo: 19,
    image: 'yoga.svg',
    type: 'standard',
  },
  {
    key: 'deep-ellum-reformer-intro',
    merchantKey: 'deep-ellum-movement',
    title: 'Three Private Reformer Pilates Sessions',
    description:
      'Learn the reformer one-on-one with a certified instructor who builds each 50-minute session around core strength, posture and any injuries you are working around. After three sessions you will be ready to join group reformer classes with confidence.',
    highlights: [
      'Three private 50-minute sessions',
      'Comprehensively certified instructors',
      'Tailored to your injuries and goals',
      'Prepares you for group classes',
    ],
    finePrint:
      'New clients only. Sessions must be used within 60 days. A 24-hour cancellation policy applies. Not valid with other offers.',
    categoryId: 4,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 27000,
    dealPriceCents: 13500,
    expiresInDays: 70,
    createdDaysAgo: 8,
    image: 'yoga.svg',
    type: 'standard',
  },
  {
    key: 'deep-ellum-cycling-five',
    merchantKey: 'deep-ellum-movement',
    title: 'Five Rhythm Indoor Cycling Classes',
    description:
      'Ride to DJ-curated playlists in our candlelit cycling room, with climbs, sprints and upper-body work packed into every 45-minute class. Bikes have power meters, so you can track your progress from ride to ride.',
    highlights: ['Five 45-minute classes', 'Bikes with power meters', 'Cycling shoes included', 'Fresh towels and lockers'],
    finePrint:
      'Pass valid for 60 days from the first class. Booking required; late cancellations forfeit the class. Non-transferable. Not valid with other offers.',
    categoryId: 4,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 12500,
    dealPriceCents: 6500,
    expiresInDays: 40,
    createdDaysAgo: 15,
    image: 'gym-dumbbell.svg',
    type: 'standard',
  },
  {
    key: 'deep-ellum-unlimited-month',
    merchantKey: 'deep-ellum-movement',
    title: 'One Month of Unlimited Yoga, Pilates, Barre and Cycling',
    description:
      'Try everything for a month: hot yoga, reformer Pilates, barre and indoor cycling, with no cap on classes. New members also get a free fit consultation and a studio water bottle.',
    highlights: ['Unlimited classes for 30 days', 'Yoga, Pilates, barre and cycling', 'Free fit consultation', 'Studio water bottle'],
    finePrint: `${BOOST_NOTE} New members only at the Dallas studio. Membership starts on the first class and cannot be paused. Not valid with other offers.`,
    categoryId: 4,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 25000,
    dealPriceCents: 11900,
    expiresInDays: 45,
    createdDaysAgo: 1,
    image: 'yoga.svg',
    type: 'perkboost',
    votesRequired: 120,
    currentVotes: 64,
    votingEndsInDays: 9,
  },
  {
    key: 'bayou-dallas-window-washing',
    merchantKey: 'bayou-city-home-pros',
    title: 'Inside and Outside Window Washing for up to 20 Windows',
    description:
      'Let the sunshine in with hand-washed glass inside and out, plus wiped-down sills, tracks and screens. Our Dallas crew uses purified-water poles for second-story windows, so there are no ladders against your siding.',
    highlights: [
      'Up to 20 standard windows',
      'Inside and outside glass',
      'Screens, sills and tracks cleaned',
      'Streak-free purified water system',
    ],
    finePrint:
      'Valid for single-family homes up to two stories. Additional windows and French panes are billed per pane. Appointment required; Dallas area only. Not valid with other offers.',
    categoryId: 7,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 26000,
    dealPriceCents: 13900,
    expiresInDays: 65,
    createdDaysAgo: 25,
    image: 'home-cleaning.svg',
    type: 'standard',
  },
  {
    key: 'lone-star-dallas-glow-bowling',
    merchantKey: 'lone-star-lanes',
    title: 'Weekend Glow Bowling for Four with Loaded Tots',
    description:
      'Our Dallas lanes go neon every Friday and Saturday night with blacklights, a DJ and a music video wall. The deal includes two hours of glow bowling for four, shoe rental and a large order of loaded tots.',
    highlights: ['Two hours of glow bowling', 'Shoe rental for four', 'DJ and blacklight lanes', 'Large loaded tots to share'],
    finePrint:
      'Valid at the Dallas location on Friday and Saturday after 8pm. Reservations recommended. Guests under 18 must leave by 10pm unless with a parent. Not valid with other offers.',
    categoryId: 3,
    city: 'Dallas',
    state: 'TX',
    originalPriceCents: 12000,
    dealPriceCents: 6900,
    expiresInDays: 45,
    createdDaysAgo: 12,
    image: 'bowling.svg',
    type: 'standard',
  },

  // ── Miami · Biscayne Glow, Skyline Harbor Tours ──────────────────────────
  {
    key: 'biscayne-glow-hydradermabrasion-facial',
    merchantKey: 'biscayne-glow',
    title: 'Deluxe Hydradermabrasion Facial with Lymphatic Drainage',
    description:
      'This 60-minute facial cleanses, exfoliates and extracts with gentle vortex suction, then infuses hyaluronic acid and antioxidants for an instant glow. A lymphatic drainage massage reduces puffiness before you head back out into the sun.',
    highlights: [
      '60-minute medical-grade facial',
      'Painless suction extractions',
      'Hyaluronic acid infusion',
      'Lymphatic drainage massage',
    ],
    finePrint:
      'Valid for one guest aged 18 or older. Avoid retinoids for 48 hours before treatment. Appointment required with 24-hour cancellation notice. Not valid with other offers.',
    categoryId: 5,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 22500,
    dealPriceCents: 12900,
    expiresInDays: 80,
    createdDaysAgo: 3,
    image: 'facial.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-keratin-smoothing',
    merchantKey: 'biscayne-glow',
    title: 'Keratin Smoothing Treatment for Any Hair Length',
    description:
      'Tame Miami humidity with a formaldehyde-free keratin treatment that cuts frizz and drying time for up to four months. It includes a clarifying wash, the treatment, a blow-dry and flat-iron seal, plus a bottle of aftercare shampoo.',
    highlights: [
      'Formaldehyde-free formula',
      'Frizz control for up to four months',
      'Blow-dry and flat-iron finish',
      'Sulfate-free aftercare shampoo',
    ],
    finePrint:
      'Valid for one guest with any hair length; extra-thick hair may need an additional fee. Allow about three hours. Appointment required. Not valid with other offers.',
    categoryId: 5,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 35000,
    dealPriceCents: 17500,
    expiresInDays: 75,
    createdDaysAgo: 17,
    image: 'hair-salon.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-spray-tan-three',
    merchantKey: 'biscayne-glow',
    title: 'Three Custom Airbrush Spray Tans',
    description:
      'Get a natural, streak-free glow without the sun. Our tanning artist matches the shade to your skin tone and airbrushes a quick-dry solution made with organic DHA, aloe and vitamin E.',
    highlights: [
      'Three airbrush tanning sessions',
      'Custom shade matching',
      'Organic, quick-dry solution',
      'Develops in four to eight hours',
    ],
    finePrint:
      'Sessions are for one person and must be used within three months. Exfoliate and shave at least 24 hours before your appointment. Appointment required. Not valid with other offers.',
    categoryId: 5,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 13500,
    dealPriceCents: 6500,
    expiresInDays: 60,
    createdDaysAgo: 22,
    image: 'skincare-products.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-lash-extensions',
    merchantKey: 'biscayne-glow',
    title: 'Full Set of Classic Lash Extensions',
    description:
      'Wake up with fluttery lashes every morning. Our certified lash artist applies individual classic extensions in a two-hour appointment, customizing length and curl to the shape of your eyes.',
    highlights: [
      'Full classic set of individual lashes',
      'Custom length and curl mapping',
      'Certified lash artists',
      'Aftercare kit with cleanser and brush',
    ],
    finePrint:
      'Valid for one guest. Fills are not included. Please arrive with clean lashes and no eye makeup. Not valid with other offers.',
    categoryId: 5,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 18000,
    dealPriceCents: 9000,
    expiresInDays: 50,
    createdDaysAgo: 10,
    image: 'lashes.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-lymphatic-massage',
    merchantKey: 'biscayne-glow',
    title: '60-Minute Lymphatic Drainage Body Massage',
    description:
      'A gentle, rhythmic massage technique that encourages lymph flow to reduce bloating and water retention, popular before beach days and big events. Finish with a detox tea on our sunny terrace.',
    highlights: [
      '60-minute lymphatic massage',
      'Helps reduce bloating and puffiness',
      'Light, rhythmic technique',
      'Detox tea on the terrace',
    ],
    finePrint:
      'Valid for one guest. Not recommended during the first trimester of pregnancy. Appointment required with 24-hour cancellation notice. Not valid with other offers.',
    categoryId: 5,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 15000,
    dealPriceCents: 8500,
    expiresInDays: 40,
    createdDaysAgo: 26,
    image: 'massage-stones.svg',
    type: 'standard',
  },
  {
    key: 'biscayne-glow-skincare-set',
    merchantKey: 'biscayne-glow',
    title: 'Glow-at-Home Skincare Set: Cleanser, Serum and SPF',
    description:
      'Take the studio home with our best-selling trio: a gentle gel cleanser, a vitamin C brightening serum and a lightweight, reef-safe mineral sunscreen. Our estheticians chose each full-size product for hot, humid climates.',
    highlights: ['Three full-size products', 'Vitamin C brightening serum', 'Reef-safe mineral SPF', 'Studio pickup or local delivery'],
    finePrint:
      'Pick up at our Miami studio within 30 days, or choose local delivery for a small fee. Opened products cannot be returned. Limit two sets per customer. Not valid with other offers.',
    categoryId: 2,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 11800,
    dealPriceCents: 6900,
    expiresInDays: 90,
    createdDaysAgo: 0,
    image: 'skincare-products.svg',
    type: 'standard',
  },
  {
    key: 'skyline-miami-biscayne-bay-cruise',
    merchantKey: 'skyline-harbor-tours',
    title: "Biscayne Bay Millionaire's Row Boat Tour",
    description:
      "Cruise past Star Island, Fisher Island and the mansions of Millionaire's Row on a 90-minute narrated boat tour from Bayside Marketplace. The open-deck boat has a full bar and sweeping views of the downtown Miami skyline.",
    highlights: [
      '90-minute narrated bay cruise',
      'Views of Star Island and Fisher Island',
      'Open upper deck and shaded lower deck',
      'Full bar on board',
    ],
    finePrint:
      'Valid for one adult ticket. Tours depart hourly from 11am; reservation recommended. Arrive 20 minutes before departure. Not valid with other offers.',
    categoryId: 6,
    city: 'Miami',
    state: 'FL',
    originalPriceCents: 5000,
    dealPriceCents: 2900,
    expiresInDays: 55,
    createdDaysAgo: 9,
    image: 'harbor-cruise.svg',
    type: 'standard',
  },

  // ── Boston · Beacon Hill Makers Studio, Skyline Harbor Tours ─────────────
  {
    key: 'beacon-hill-pottery-date-night',
    merchantKey: 'beacon-hill-makers',
    title: 'Pottery Wheel Date Night for Two',
    description:
      'Spend two hours at the wheel learning to center clay and throw bowls and cups, with an instructor guiding you both. Bring your own wine; we glaze and fire your two favorite pieces, ready to pick up in about three weeks.',
    highlights: [
      'Two-hour wheel class for two',
      'Clay, tools and aprons included',
      'Two finished pieces glazed and fired',
      'BYOB with glasses provided',
    ],
    finePrint: `${BOOST_NOTE} Valid for two participants 21 or older on Friday or Saturday evenings. Booking required. Not valid with other offers.`,
    categoryId: 8,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 15000,
    dealPriceCents: 8900,
    expiresInDays: 60,
    createdDaysAgo: 2,
    image: 'pottery-wheel.svg',
    type: 'perkboost',
    votesRequired: 30,
    // One vote from unlocking, so a new user of the demo can see a deal unlock.
    currentVotes: 29,
    votingEndsInDays: 3,
  },
  {
    key: 'beacon-hill-candle-making',
    merchantKey: 'beacon-hill-makers',
    title: 'Soy Candle Making Workshop',
    description:
      'Blend your own fragrance from more than 30 essential and fragrance oils, then pour two soy candles in reusable amber jars. The 90-minute workshop covers wicking, scent throw and curing so you can keep making candles at home.',
    highlights: ['90-minute hands-on workshop', 'Pour two eight-ounce candles', 'Custom scent blending bar', 'All materials included'],
    finePrint:
      'Valid for one participant aged 12 or older. Booking required. Candles cure for 48 hours before pickup, or can be shipped for a fee. Not valid with other offers.',
    categoryId: 8,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 6500,
    dealPriceCents: 3900,
    expiresInDays: 45,
    createdDaysAgo: 16,
    image: 'candle-making.svg',
    type: 'standard',
  },
  {
    key: 'beacon-hill-paint-and-sip',
    merchantKey: 'beacon-hill-makers',
    title: 'Paint and Sip Class for Two',
    description:
      'Follow along with a local artist as you each paint a Boston Harbor sunset on canvas in a relaxed two-hour class. Bring a bottle of wine or grab sparkling cider at the studio; aprons, easels and acrylics are all provided.',
    highlights: [
      'Two-hour guided painting class for two',
      'Canvas, acrylics and easels provided',
      'BYOB-friendly studio',
      'Take home your finished paintings',
    ],
    finePrint:
      'Valid for two participants. The class calendar is posted monthly and booking is required. Guests must be 21 or older to bring alcohol. Not valid with other offers.',
    categoryId: 8,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 9000,
    dealPriceCents: 5000,
    expiresInDays: 50,
    createdDaysAgo: 23,
    image: 'paint-and-sip.svg',
    type: 'standard',
  },
  {
    key: 'beacon-hill-leather-wallet',
    merchantKey: 'beacon-hill-makers',
    title: 'Handstitched Leather Wallet Workshop',
    description:
      'Cut, punch, edge and saddle-stitch your own bifold wallet from full-grain vegetable-tanned leather in a three-hour class. Choose your thread color and add optional hot-stamped initials.',
    highlights: [
      'Three-hour small-group class',
      'Full-grain vegetable-tanned leather',
      'Saddle stitching and edge finishing',
      'Optional stamped initials',
    ],
    finePrint:
      'Valid for one participant aged 14 or older. Classes run on weekends with at most eight students; booking required. Not valid with other offers.',
    categoryId: 8,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 12500,
    dealPriceCents: 7500,
    expiresInDays: 65,
    createdDaysAgo: 29,
    image: 'leather-workshop.svg',
    type: 'standard',
  },
  {
    key: 'beacon-hill-shop-voucher',
    merchantKey: 'beacon-hill-makers',
    title: '$50 Toward Handmade Goods at the Studio Shop',
    description:
      'Browse hand-thrown mugs, small-batch candles, leather goods, letterpress cards and jewelry made by more than 40 New England artists. It is the easiest way to find a gift nobody else will bring.',
    highlights: ['$50 to spend on handmade goods', 'Work by over 40 New England makers', 'Free gift wrapping', 'New pieces added weekly'],
    finePrint:
      'Valid on shop merchandise only, not classes. Must be used in a single visit with no cash back. Limit one voucher per person per visit. Not valid with other offers.',
    categoryId: 2,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 5000,
    dealPriceCents: 3000,
    expiresInDays: 90,
    createdDaysAgo: 4,
    image: 'ceramics.svg',
    type: 'standard',
  },
  {
    key: 'beacon-hill-dinnerware-set',
    merchantKey: 'beacon-hill-makers',
    title: 'Hand-Thrown Stoneware Dinnerware Set for Four',
    description:
      'Set the table with four dinner plates, four bowls and four mugs thrown by our resident potters and finished in a speckled oatmeal glaze. Every piece is dishwasher and microwave safe, and no two are exactly alike.',
    highlights: ['Twelve-piece stoneware set', 'Speckled oatmeal glaze', 'Dishwasher and microwave safe', 'Made in our Beacon Hill studio'],
    finePrint:
      'Pick up at the studio within 30 days of purchase; shipping is available for a fee. Slight variations in color and shape are part of handmade work. Not valid with other offers.',
    categoryId: 2,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 42000,
    dealPriceCents: 29400,
    expiresInDays: 85,
    createdDaysAgo: 20,
    image: 'ceramics.svg',
    type: 'standard',
  },
  {
    key: 'skyline-boston-lighthouse-cruise',
    merchantKey: 'skyline-harbor-tours',
    title: 'Boston Harbor Islands Lighthouse Cruise',
    description:
      'See Boston Light, the oldest lighthouse station in the country, along with Graves Light and the Harbor Islands on a two-hour narrated cruise from Long Wharf. Keep an eye out for seals and seabirds from the open top deck.',
    highlights: ['Two-hour narrated harbor cruise', 'Views of historic lighthouses', 'Departs from Long Wharf', 'Snack bar on board'],
    finePrint:
      'Valid for one adult ticket on weekend departures. Reservation required; weather cancellations can be rescheduled for free. Arrive 30 minutes before departure. Not valid with other offers.',
    categoryId: 6,
    city: 'Boston',
    state: 'MA',
    originalPriceCents: 6500,
    dealPriceCents: 3900,
    expiresInDays: 70,
    createdDaysAgo: 14,
    image: 'lighthouse.svg',
    type: 'standard',
  },
];

/**
 * How some demo deals sell (issue 29, docs/decisions/0047, 0048): options priced from the deal's own
 * prices (`factor` times them), a stock, a limit per customer, or a start in a few days.
 */
export interface SeedSelling {
  options?: { title: string; factor: number; stock?: number }[];
  stock?: number;
  perCustomerLimit?: number;
  saleStartsInDays?: number;
  /** Vouchers valid this many days after the sale ends. */
  validDaysAfterSale?: number;
}

export const SEED_SELLING: Record<string, SeedSelling> = {
  'Gel Manicure and Spa Pedicure': {
    options: [
      { title: 'Gel manicure', factor: 1 },
      { title: 'Gel manicure and spa pedicure', factor: 1.7 },
    ],
  },
  '60-Minute Hot Stone Massage': {
    options: [
      { title: '1 person', factor: 1, stock: 8 },
      { title: '2 people (couples room)', factor: 1.85, stock: 3 },
    ],
    perCustomerLimit: 2,
  },
  'Two-Hour Group Surf Lesson with Board and Wetsuit': {
    options: [
      { title: '1 person', factor: 1 },
      { title: '2 people', factor: 1.9 },
      { title: 'Family of 4', factor: 3.6 },
    ],
    validDaysAfterSale: 90,
  },
  'Three-Morning Kids Surf Camp': { stock: 4, perCustomerLimit: 2 },
  'Beginner Bike Maintenance Workshop': { stock: 6 },
  'Weekend Glow Bowling for Four with Loaded Tots': { saleStartsInDays: 3 },
};

/** The demo's promo code, named in the README: 10 % off a first order, paid for by LocalPerks. */
export const DEMO_PROMO_CODE = 'WELCOME10';
