// Which code may import which. `npm run lint` runs it (and so CI does), and first proves on a fixture
// (scripts/import-rules/) that each rule still fails what it should.
// A feature is one folder under apps/web/src/features or apps/server/src/features. Another feature may use
// it only through its front door, the folder's index.ts, which exports what the feature offers the rest of
// the app; everything else in the folder is its own. Code beneath the features (lib/, components/,
// providers/, db/) knows no domain word and never imports a feature.

const web = 'apps/web/src';
const server = 'apps/server/src';

/** Another feature than the importing one, but not through its front door. */
const deepInto = (root) => ({
  path: `^${root}/features/([^/]+)/`,
  pathNot: [`^${root}/features/$1/`, `^${root}/features/[^/]+/index\\.tsx?$`],
});

module.exports = {
  forbidden: [
    {
      name: 'web-feature-front-door',
      comment: 'A web feature uses another only through its index.ts.',
      severity: 'error',
      from: { path: `^${web}/features/([^/]+)/` },
      to: deepInto(web),
    },
    {
      name: 'server-feature-front-door',
      comment: 'A server feature uses another only through its index.ts.',
      severity: 'error',
      from: { path: `^${server}/features/([^/]+)/` },
      to: deepInto(server),
    },
    {
      name: 'feature-cycle',
      comment:
        'Two features never need each other: one of them is beneath the other, or what both need moves down.',
      severity: 'error',
      from: { path: `^(${web}|${server})/features/([^/]+)/` },
      to: { circular: true, viaSomeNot: `^$1/features/$2/` },
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
    // TypeScript 7 has no JavaScript compiler API for the cruiser to use; Babel strips the types first,
    // after turning type-only imports into plain ones so they count as dependencies too.
    babelConfig: { fileName: require('node:path').join(__dirname, '.dependency-cruiser.babel.cjs') },
    parser: 'acorn',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
