import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and finds out by trying once as the first
// object schema is built. Our Content-Security-Policy has no 'unsafe-eval', so that probe alone is reported
// as a policy violation on every page. Parse without compiling. This must run before any schema is built:
// the first module of every part that builds schemas imports it (entries/app.tsx, start-session.ts), and
// the build puts it in zod's own chunk, which runs before any chunk that uses zod (vite.config.ts).
z.config({ jitless: true });
