/**
 * Kinds of purchase narrower than a category: coffee within Dining Out, gas for the car within
 * Transportation, the power bill within Utilities. The bank files each transaction under a detailed
 * category (Plaid's personal_finance_category.detailed, kept as transactions.provider_category); a kind is
 * the set of those it covers. A row keeps its kind when the person recategorises it, and a statement file's
 * rows, which carry no detailed category, have none.
 */
export const TRANSACTION_KINDS = {
  coffee: { label: 'Coffee', detailed: ['FOOD_AND_DRINK_COFFEE'] },
  fast_food: { label: 'Fast food', detailed: ['FOOD_AND_DRINK_FAST_FOOD'] },
  alcohol: { label: 'Alcohol', detailed: ['FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'] },
  fuel: { label: 'Gas for the car', detailed: ['TRANSPORTATION_GAS'] },
  rides: { label: 'Taxis and ride shares', detailed: ['TRANSPORTATION_TAXIS_AND_RIDE_SHARES'] },
  public_transit: { label: 'Public transit', detailed: ['TRANSPORTATION_PUBLIC_TRANSIT'] },
  parking: { label: 'Parking', detailed: ['TRANSPORTATION_PARKING'] },
  tolls: { label: 'Tolls', detailed: ['TRANSPORTATION_TOLLS'] },
  flights: { label: 'Flights', detailed: ['TRAVEL_FLIGHTS'] },
  lodging: { label: 'Hotels and lodging', detailed: ['TRAVEL_LODGING'] },
  rental_cars: { label: 'Rental cars', detailed: ['TRAVEL_RENTAL_CARS'] },
  pharmacy: { label: 'Pharmacy', detailed: ['MEDICAL_PHARMACIES_AND_SUPPLEMENTS'] },
  dental: { label: 'Dental care', detailed: ['MEDICAL_DENTAL_CARE'] },
  power: { label: 'Gas and electricity', detailed: ['RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'] },
  internet: { label: 'Internet and cable', detailed: ['RENT_AND_UTILITIES_INTERNET_AND_CABLE'] },
  phone: { label: 'Phone', detailed: ['RENT_AND_UTILITIES_TELEPHONE'] },
  water: { label: 'Water', detailed: ['RENT_AND_UTILITIES_WATER'] },
  streaming: { label: 'TV and movies', detailed: ['ENTERTAINMENT_TV_AND_MOVIES'] },
  music: { label: 'Music and audio', detailed: ['ENTERTAINMENT_MUSIC_AND_AUDIO'] },
  video_games: { label: 'Video games', detailed: ['ENTERTAINMENT_VIDEO_GAMES'] },
  events: {
    label: 'Events and tickets',
    detailed: [
      'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
      'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_CONCERTS',
    ],
  },
  hair_and_beauty: { label: 'Hair and beauty', detailed: ['PERSONAL_CARE_HAIR_AND_BEAUTY'] },
  gym: { label: 'Gym and fitness', detailed: ['PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'] },
  laundry: { label: 'Laundry and dry cleaning', detailed: ['PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING'] },
  clothing: { label: 'Clothing', detailed: ['GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'] },
  electronics: { label: 'Electronics', detailed: ['GENERAL_MERCHANDISE_ELECTRONICS'] },
  books: { label: 'Books', detailed: ['GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS'] },
  car_care: { label: 'Car care', detailed: ['GENERAL_SERVICES_AUTOMOTIVE'] },
  hardware: { label: 'Hardware', detailed: ['HOME_IMPROVEMENT_HARDWARE'] },
} as const satisfies Record<string, { label: string; detailed: readonly string[] }>;

export type TransactionKind = keyof typeof TRANSACTION_KINDS;
export const TRANSACTION_KIND_KEYS = Object.keys(TRANSACTION_KINDS) as [
  TransactionKind,
  ...TransactionKind[],
];

export const isTransactionKind = (value: string): value is TransactionKind => value in TRANSACTION_KINDS;

export const kindLabel = (kind: TransactionKind): string => TRANSACTION_KINDS[kind].label;
