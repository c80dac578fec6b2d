/**
 * Kinds of purchase narrower than a category: coffee within Dining Out, gas for the car within
 * Transportation, the power bill within Utilities. The bank files each transaction under a detailed
 * category (Plaid's personal_finance_category.detailed, kept as transactions.provider_category); a kind is
 * the set of those it covers. A row keeps its kind when the person recategorises it, and a statement file's
 * rows, which carry no detailed category, have none.
 */
export const TRANSACTION_KIND_KEYS = [
  'coffee',
  'fast_food',
  'alcohol',
  'fuel',
  'ride_shares',
  'public_transit',
  'parking',
  'tolls',
  'flights',
  'hotels',
  'rental_cars',
  'pharmacy',
  'dental_care',
  'gas_and_electricity',
  'internet_and_cable',
  'phone',
  'water',
  'streaming',
  'music',
  'video_games',
  'events_and_tickets',
  'hair_and_beauty',
  'gym_and_fitness',
  'laundry',
  'clothing',
  'electronics',
  'books',
  'car_care',
  'hardware',
] as const;

export type TransactionKind = (typeof TRANSACTION_KIND_KEYS)[number];

export const isTransactionKind = (value: string): value is TransactionKind =>
  (TRANSACTION_KIND_KEYS as readonly string[]).includes(value);

/** A kind's name as the screens show it, from its key: "fast_food" is "Fast food". */
export const kindLabel = (kind: TransactionKind): string =>
  `${kind[0]?.toUpperCase() ?? ''}${kind.slice(1).replaceAll('_', ' ')}`;

/** The bank's detailed categories each kind covers (what the server and the advisor filter by). */
export const TRANSACTION_KIND_DETAILED: Record<TransactionKind, readonly string[]> = {
  coffee: ['FOOD_AND_DRINK_COFFEE'],
  fast_food: ['FOOD_AND_DRINK_FAST_FOOD'],
  alcohol: ['FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'],
  fuel: ['TRANSPORTATION_GAS'],
  ride_shares: ['TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  public_transit: ['TRANSPORTATION_PUBLIC_TRANSIT'],
  parking: ['TRANSPORTATION_PARKING'],
  tolls: ['TRANSPORTATION_TOLLS'],
  flights: ['TRAVEL_FLIGHTS'],
  hotels: ['TRAVEL_LODGING'],
  rental_cars: ['TRAVEL_RENTAL_CARS'],
  pharmacy: ['MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  dental_care: ['MEDICAL_DENTAL_CARE'],
  gas_and_electricity: ['RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  internet_and_cable: ['RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  phone: ['RENT_AND_UTILITIES_TELEPHONE'],
  water: ['RENT_AND_UTILITIES_WATER'],
  streaming: ['ENTERTAINMENT_TV_AND_MOVIES'],
  music: ['ENTERTAINMENT_MUSIC_AND_AUDIO'],
  video_games: ['ENTERTAINMENT_VIDEO_GAMES'],
  events_and_tickets: [
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_CONCERTS',
  ],
  hair_and_beauty: ['PERSONAL_CARE_HAIR_AND_BEAUTY'],
  gym_and_fitness: ['PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'],
  laundry: ['PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING'],
  clothing: ['GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  electronics: ['GENERAL_MERCHANDISE_ELECTRONICS'],
  books: ['GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS'],
  car_care: ['GENERAL_SERVICES_AUTOMOTIVE'],
  hardware: ['HOME_IMPROVEMENT_HARDWARE'],
};
