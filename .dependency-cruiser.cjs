// Which code may import which. `npm run lint` runs it (and so CI does).
// A feature is one folder under apps/web/src/features or apps/server/src/features. Features do not import
// each other: what two features need moves down into packages/shared, apps/*/src/lib or
// apps/web/src/components. The few directions allowed between web features are listed below, each with
// its reason.

/** A web feature may use another feature's endpoint files (its api/ folder) in these directions only. */
const WEB_FEATURE_CALLS = [
  // The dashboard shows a piece of each feature; it reads their endpoints and nothing else of them.
  { from: 'dashboard', to: '[^/]+' },
  // The Transactions screen filters by account, listed by the accounts endpoints.
  { from: 'transactions', to: 'accounts' },
  // Changing the password is a credential operation served by auth; Settings is where a person starts it.
  { from: 'settings', to: 'auth' },
  // The advisor proposes changes to a budget, the goals and a subscription; once the person confirms one, it
  // is made through the very endpoint the owning screen uses, not a second copy of it.
  { from: 'advisor', to: 'budgets|savings|subscriptions' },
];

const web = 'apps/web/src';
const server = 'apps/server/src';

module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment: 'A web feature never imports another, but for the directions in WEB_FEATURE_CALLS.',
      severity: 'error',
      from: {
        path: `^${web}/features/([^/]+)/`,
        pathNot: WEB_FEATURE_CALLS.map(({ from }) => `^${web}/features/${from}/`),
      },
      to: { path: `^${web}/features/([^/]+)/`, pathNot: `^${web}/features/$1/` },
    },
    ...WEB_FEATURE_CALLS.map(({ from, to }) => ({
      name: `web-feature-${from}`,
      comment: `${from} may use the endpoint files (api/) of: ${to}; nothing else of another feature.`,
      severity: 'error',
      from: { path: `^${web}/features/${from}/` },
      to: {
        path: `^${web}/features/`,
        pathNot: [`^${web}/features/${from}/`, `^${web}/features/(${to})/api/`],
      },
    })),
    {
      name: 'server-feature-to-feature',
      comment: 'A server feature never imports another; shared logic moves to packages/shared or src/lib.',
      severity: 'error',
      from: { path: `^${server}/features/([^/]+)/` },
      to: { path: `^${server}/features/([^/]+)/`, pathNot: `^${server}/features/$1/` },
    },
    {
      name: 'lib-to-feature',
      comment: 'lib/, components/, providers/ and db/ are beneath the features and never import them.',
      severity: 'error',
      from: { path: [`^${web}/(lib|components)/`, `^${server}/(lib|providers|db)/`] },
      to: { path: [`^${web}/features/`, `^${server}/features/`, `^${server}/jobs/`] },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'packages/shared is the bottom layer: it imports no app.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web app and the server meet only over HTTP, through the schemas in packages/shared.',
      severity: 'error',
      from: { path: `^${web}/` },
      to: { path: `^${server}/` },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: `^${server}/` },
      to: { path: `^${web}/` },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API for the cruiser to use; Babel strips the types first
    // (keeping type-only imports, so they count as dependencies too).
    babelConfig: { fileName: '.babelrc.dependency-cruiser.json' },
    parser: 'acorn',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
