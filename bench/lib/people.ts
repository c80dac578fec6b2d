/**
 * The benchmark's many people: names, home towns, employers, landlords, their banks and the notes they
 * write. What they buy comes from the demo bank's catalogue (apps/server/src/providers/bank/demo).
 */

export const PLACES: readonly [string, string, string][] = [
  ['NEW YORK', 'NY', 'America/New_York'],
  ['BROOKLYN', 'NY', 'America/New_York'],
  ['BOSTON', 'MA', 'America/New_York'],
  ['PHILADELPHIA', 'PA', 'America/New_York'],
  ['ATLANTA', 'GA', 'America/New_York'],
  ['MIAMI', 'FL', 'America/New_York'],
  ['CHICAGO', 'IL', 'America/Chicago'],
  ['AUSTIN', 'TX', 'America/Chicago'],
  ['HOUSTON', 'TX', 'America/Chicago'],
  ['MINNEAPOLIS', 'MN', 'America/Chicago'],
  ['DENVER', 'CO', 'America/Denver'],
  ['PHOENIX', 'AZ', 'America/Phoenix'],
  ['SEATTLE', 'WA', 'America/Los_Angeles'],
  ['PORTLAND', 'OR', 'America/Los_Angeles'],
  ['SAN FRANCISCO', 'CA', 'America/Los_Angeles'],
  ['OAKLAND', 'CA', 'America/Los_Angeles'],
  ['LOS ANGELES', 'CA', 'America/Los_Angeles'],
  ['SAN DIEGO', 'CA', 'America/Los_Angeles'],
];

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Ethan',
  'Mia',
  'Lucas',
  'Isabella',
  'Aiden',
  'Amara',
  'Kenji',
  'Priya',
  'Diego',
  'Fatima',
  'Jonas',
  'Chloe',
];
export const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Tanaka',
  'Williams',
  'Haddad',
  'Kowalski',
  'Brown',
  'Silva',
  'Murphy',
  'Cohen',
  'Singh',
  'Lopez',
  'Andersson',
  'Park',
  'Dubois',
];

export const EMPLOYERS = [
  'ACME CORP',
  'GLOBEX INC',
  'INITECH LLC',
  'UMBRELLA HEALTH',
  'STARK INDUSTRIES',
  'WAYNE ENTERPRISES',
  'HOOLI INC',
  'PIED PIPER',
  'CITY OF SPRINGFIELD',
  'NORTHWIND TRADERS',
  'CONTOSO LTD',
];
export const LANDLORDS = [
  'GREYSTAR',
  'EQUITY RESIDENTIAL',
  'AVALONBAY',
  'LINCOLN PROPERTY',
  'ESSEX PROPERTY',
  'CAMDEN',
];

/** Institutions (Plaid ids) with the account kinds a person there tends to hold. */
export const BANKS = [
  { id: 'ins_56', name: 'Chase', short: 'Chase' },
  { id: 'ins_127989', name: 'Bank of America', short: 'BofA' },
  { id: 'ins_127991', name: 'Wells Fargo', short: 'Wells Fargo' },
  { id: 'ins_128026', name: 'Capital One', short: 'Capital One' },
  { id: 'ins_25', name: 'Ally Bank', short: 'Ally' },
  { id: 'ins_10', name: 'American Express', short: 'Amex' },
  { id: 'ins_5', name: 'Citi', short: 'Citi' },
  { id: 'ins_33', name: 'Discover', short: 'Discover' },
  { id: 'ins_12', name: 'Fidelity', short: 'Fidelity' },
  { id: 'ins_115616', name: 'Vanguard', short: 'Vanguard' },
  { id: 'ins_7', name: 'USAA', short: 'USAA' },
  { id: 'ins_15', name: 'Navy Federal Credit Union', short: 'Navy Federal' },
] as const;

export const NOTES = [
  'Split with Sam',
  'Reimbursable - work trip',
  'Birthday dinner',
  'Returned one item',
  'Check the receipt',
  'Gift for Mom',
  'Team lunch, expensed',
  'Shared with roommate',
  'Disputed with the bank',
  'Tax deductible',
];
