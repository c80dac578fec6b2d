// Writes src/assets/inter-subset.woff2: Inter's variable font cut to the characters Tally's pages use
// (Latin-1 and the punctuation of its copy), every weight from 400 to 800. Run it again (`npm run fonts
// -w apps/web`) after adding copy with a character outside UNICODE_RANGE; fonts.css declares the same range,
// so anything else falls back to a system font instead of showing a missing glyph.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

export const UNICODE_RANGE = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
];

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const target = path.join(import.meta.dirname, '../src/assets/inter-subset.woff2');

const text = UNICODE_RANGE.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');
const font = await subsetFont(fs.readFileSync(source), text, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 800 } },
});
fs.writeFileSync(target, font);
console.log(
  `${path.relative(process.cwd(), target)}: ${font.length} bytes (from ${fs.statSync(source).size})`,
);
console.log(
  `unicode-range: ${UNICODE_RANGE.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ')}`,
);

function hex(n) {
  return n.toString(16).toUpperCase().padStart(4, '0');
}
