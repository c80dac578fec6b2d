import fs from 'node:fs';
import path from 'node:path';

/**
 * Replaces the results between `<!-- name:start -->` and `<!-- name:end -->` in BENCHMARKS.md with `markdown`
 * (a benchmark's `--write`), leaving the prose around them as it is.
 */
export function writeResults(name: string, markdown: string): void {
  const file = path.join(import.meta.dirname, '..', 'BENCHMARKS.md');
  const doc = fs.readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`BENCHMARKS.md has no ${start} … ${end} block`);
  fs.writeFileSync(file, `${doc.slice(0, from + start.length)}\n${markdown}\n${doc.slice(to)}`);
}
