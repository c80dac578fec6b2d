// Compiles the server for production into dist/: one ES module (and one per worker thread) with our own code (this app and
// packages/shared, which ships TypeScript) bundled in, and every npm package left as an import that
// Node resolves from node_modules at run time. Production runs this with plain `node`, never a dev loader.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

/** Bare imports stay imports, except our workspace packages, which Node could not run as TypeScript. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tally/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(dist, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    // `npm run backup` and `npm run restore`.
    backup: path.join(here, 'src/backup-cli.ts'),
    // Statement files are read on worker threads (features/imports/read-file.ts), which load this file
    // from beside server.js.
    'read-file.worker': path.join(here, 'src/features/imports/read-file.worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});

// db/client.ts finds the migrations beside itself (import.meta.dirname); in the bundle that is dist/.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

// Every package the bundle imports must be a runtime dependency of the workspace whose file imports it,
// or `npm ci --omit=dev` would leave it out (or hoisting would hide that it is missing).
const builtins = new Set(builtinModules);
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const undeclared = new Map();
for (const [file, { imports }] of Object.entries(metafile.inputs)) {
  const manifest = nearestManifest(path.resolve(file));
  const declared = new Set(Object.keys(manifest.json.dependencies ?? {}));
  for (const { path: specifier, external } of imports) {
    if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = packageName(specifier);
    const key = `${name} in ${manifest.file}`;
    if (!declared.has(name) && !undeclared.has(key)) undeclared.set(key, `${key} (imported by ${file})`);
  }
}
if (undeclared.size > 0) {
  console.error(`Undeclared runtime dependencies:\n  ${[...undeclared.values()].join('\n  ')}`);
  process.exit(1);
}

function nearestManifest(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate))
      return {
        file: path.relative(path.resolve(here, '../..'), candidate),
        json: JSON.parse(fs.readFileSync(candidate, 'utf8')),
      };
  }
  throw new Error(`No package.json above ${file}`);
}
