import { normaliseText } from '../text';
/** Transaction category codes (SPEC §3). The numbers are stored and sent on the wire; never renumber. */
export const CATEGORY = {
  Salary: 1,
  Bonus: 2,
  Investment: 3,
  OtherIncome: 4,
  Rent: 10,
  Utilities: 11,
  Insurance: 12,
  Subscriptions: 13,
  LoanPayments: 14,
  Groceries: 20,
  DiningOut: 21,
  Transportation: 22,
  Entertainment: 23,
  Shopping: 24,
  Healthcare: 25,
  Travel: 26,
  PersonalCare: 27,
  Education: 28,
  Gifts: 29,
  Uncategorized: 99,
} as const;

export type CategoryKey = keyof typeof CATEGORY;
export type CategoryCode = (typeof CATEGORY)[CategoryKey];
export type CategoryGroup = 'Income' | 'Fixed Expenses' | 'Variable Expenses' | 'Other';

type CategoryInfo = { code: CategoryCode; key: CategoryKey; label: string; group: CategoryGroup };

const info = (key: CategoryKey, group: CategoryGroup, label: string = key): CategoryInfo => ({
  code: CATEGORY[key],
  key,
  label,
  group,
});

/** In display order, grouped as the Edit Category select shows them. */
export const CATEGORIES: readonly CategoryInfo[] = [
  info('Salary', 'Income'),
  info('Bonus', 'Income'),
  info('Investment', 'Income', 'Investment Income'),
  info('OtherIncome', 'Income', 'Other Income'),
  info('Rent', 'Fixed Expenses', 'Rent/Mortgage'),
  info('Utilities', 'Fixed Expenses'),
  info('Insurance', 'Fixed Expenses'),
  info('Subscriptions', 'Fixed Expenses'),
  info('LoanPayments', 'Fixed Expenses', 'Loan Payments'),
  info('Groceries', 'Variable Expenses'),
  info('DiningOut', 'Variable Expenses', 'Dining Out'),
  info('Transportation', 'Variable Expenses'),
  info('Entertainment', 'Variable Expenses'),
  info('Shopping', 'Variable Expenses'),
  info('Healthcare', 'Variable Expenses'),
  info('Travel', 'Variable Expenses'),
  info('PersonalCare', 'Variable Expenses', 'Personal Care'),
  info('Education', 'Variable Expenses'),
  info('Gifts', 'Variable Expenses', 'Gifts & Donations'),
  info('Uncategorized', 'Other', 'Other'),
];

export const CATEGORY_CODES = CATEGORIES.map((c) => c.code) as [CategoryCode, ...CategoryCode[]];

const byCode = new Map<number, CategoryInfo>(CATEGORIES.map((c) => [c.code, c]));

export function isCategoryCode(value: number): value is CategoryCode {
  return byCode.has(value);
}

export function categoryName(code: number): string {
  return byCode.get(code)?.label ?? 'Other';
}

export function categoryGroup(code: number): CategoryGroup {
  return byCode.get(code)?.group ?? 'Other';
}

export function isIncomeCategory(code: number): boolean {
  return categoryGroup(code) === 'Income';
}

/**
 * Maps a bank's category (Plaid's personal_finance_category: PRIMARY and DETAILED, e.g.
 * FOOD_AND_DRINK / FOOD_AND_DRINK_GROCERIES) to ours. Detailed wins over primary; unknown → Uncategorized.
 */
export function categoryFromProvider(
  primary: string | null | undefined,
  detailed?: string | null,
): CategoryCode {
  const d = detailed?.toUpperCase() ?? '';
  if (d && DETAILED[d] !== undefined) return DETAILED[d];
  const p = primary?.toUpperCase() ?? '';
  return PRIMARY[p] ?? CATEGORY.Uncategorized;
}

const PRIMARY: Record<string, CategoryCode> = {
  INCOME: CATEGORY.OtherIncome,
  TRANSFER_IN: CATEGORY.OtherIncome,
  TRANSFER_OUT: CATEGORY.Uncategorized,
  LOAN_PAYMENTS: CATEGORY.LoanPayments,
  BANK_FEES: CATEGORY.Uncategorized,
  ENTERTAINMENT: CATEGORY.Entertainment,
  FOOD_AND_DRINK: CATEGORY.DiningOut,
  GENERAL_MERCHANDISE: CATEGORY.Shopping,
  HOME_IMPROVEMENT: CATEGORY.Shopping,
  MEDICAL: CATEGORY.Healthcare,
  PERSONAL_CARE: CATEGORY.PersonalCare,
  GENERAL_SERVICES: CATEGORY.Uncategorized,
  GOVERNMENT_AND_NON_PROFIT: CATEGORY.Gifts,
  TRANSPORTATION: CATEGORY.Transportation,
  TRAVEL: CATEGORY.Travel,
  RENT_AND_UTILITIES: CATEGORY.Utilities,
};

const DETAILED: Record<string, CategoryCode> = {
  INCOME_WAGES: CATEGORY.Salary,
  INCOME_DIVIDENDS: CATEGORY.Investment,
  INCOME_INTEREST_EARNED: CATEGORY.Investment,
  INCOME_RETIREMENT_PENSION: CATEGORY.OtherIncome,
  INCOME_TAX_REFUND: CATEGORY.OtherIncome,
  INCOME_UNEMPLOYMENT: CATEGORY.OtherIncome,
  INCOME_OTHER_INCOME: CATEGORY.OtherIncome,
  FOOD_AND_DRINK_GROCERIES: CATEGORY.Groceries,
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: CATEGORY.Groceries,
  RENT_AND_UTILITIES_RENT: CATEGORY.Rent,
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: CATEGORY.Rent,
  GENERAL_SERVICES_INSURANCE: CATEGORY.Insurance,
  GENERAL_SERVICES_EDUCATION: CATEGORY.Education,
  GENERAL_SERVICES_CHILDCARE: CATEGORY.Education,
  ENTERTAINMENT_TV_AND_MOVIES: CATEGORY.Subscriptions,
  ENTERTAINMENT_MUSIC_AND_AUDIO: CATEGORY.Subscriptions,
  GENERAL_SERVICES_STORAGE: CATEGORY.Subscriptions,
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: CATEGORY.Subscriptions,
  GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES: CATEGORY.Gifts,
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: CATEGORY.Gifts,
  TRANSPORTATION_GAS: CATEGORY.Transportation,
  TRAVEL_FLIGHTS: CATEGORY.Travel,
  TRAVEL_LODGING: CATEGORY.Travel,
};

/**
 * The key a person's category choice for a merchant is stored under: its name, else the description,
 * normalised (so the same name with other spaces or capitals is the same merchant; a blank name is none).
 */
export function merchantKey(merchantName: string | null | undefined, description: string): string {
  return normaliseText(merchantName ?? '') || normaliseText(description);
}
