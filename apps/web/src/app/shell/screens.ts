/**
 * What the header of each screen says whatever its data: the screen shows it, and so does its frame (the
 * page's prerendered HTML and the screen's loading state), so the first thing painted is the screen's own
 * heading and it stays where it is when the screen arrives. Screens whose heading depends on the person
 * (the dashboard's greeting) have none here.
 */
export const SCREEN_HEADERS = {
  '/transactions': { title: 'Transactions' },
  '/subscriptions': {
    title: 'Subscriptions',
    description: "Every recurring charge in one place: what it costs and when it's due.",
  },
  '/accounts': {
    title: 'Accounts',
    description: 'Your linked banks, the accounts you keep by hand, and their balances.',
  },
  '/budgets': {
    title: 'Budgets',
    description: 'Give every dollar a job, then watch each category as the period goes on.',
  },
  '/savings': {
    title: 'Savings Goals',
    description: 'Put what your budget leaves over to work, one goal at a time.',
  },
  '/reports': {
    title: 'Reports',
    description: 'Where your money came from and where it went, over any period you choose.',
  },
  '/settings': { title: 'Settings', description: 'Your profile, appearance and notifications.' },
  '/rules': {
    title: 'Rules',
    description:
      'Rules set the category and/or rename the merchant of matching transactions, on every import from your banks and files. They apply in order, from the top.',
  },
  '/help': {
    title: 'Help',
    description: 'Questions, problems or ideas: reach the people who run Tally.',
  },
  '/tax': {
    title: 'Tax report',
    description: "Your year's deductible spending by tax tag, ready for your tax preparer.",
  },
} as const satisfies Record<string, { title: string; description?: string }>;

export type ScreenPath = keyof typeof SCREEN_HEADERS;
