import { addDays } from '@tally/shared';
import { TODAY } from './accounts';
import { fillPath, propertiesOf, queryString, type RouteInfo } from './routes';

/**
 * The inputs that cost a parser or a validator the most, per kind of body: nesting as deep as the body limit
 * allows, as many fields, one line as long, as many rows, numbers of a thousand digits. JSON bodies are built
 * just under the app's 256 kB limit. Statement files are 100 kB: the reader that once took a minute over a
 * 300 kB file took ~2 s over 100 kB, so any cost growing faster than the file shows, while a legitimate file of
 * that size (~3,500 rows) is an ordinary import that must take turns with other requests. What the largest legitimate files cost is measured by the benchmark
 * (`npm run bench -- --only=costs`) and recorded in BENCHMARKS.md.
 */

/** Just under the app's 256 kB body limit, so the body is read and parsed rather than refused by size. */
const JSON_BYTES = 250_000;
const FILE_CHARS = 100_000;

export type WorstRequest = { name: string; url: string; payload?: string };

const repeatTo = (unit: string, chars: number) => unit.repeat(Math.max(1, Math.floor(chars / unit.length)));

/** JSON text of `body` with `field` set to raw JSON text (which JSON.stringify could not write, or too slowly). */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = '\u0001raw\u0001';
  return JSON.stringify({ ...body, [field]: marker }).replace(`"${marker}"`, () => raw);
}

function jsonBodies(body: Record<string, unknown>, fields: string[]): WorstRequest[] {
  const depth = Math.floor(JSON_BYTES / 2);
  const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObjects = `${'{"a":'.repeat(JSON_BYTES / 6)}1${'}'.repeat(JSON_BYTES / 6)}`;
  const manyFields = Object.fromEntries(Array.from({ length: JSON_BYTES / 12 }, (_, i) => [`f${i}`, 0]));
  const manyRows = `[${Array.from({ length: JSON_BYTES / 2 }, () => '0').join(',')}]`;
  const manyObjects = `[${repeatTo('{"a":1},', JSON_BYTES).slice(0, -1)}]`;
  const hugeNumber = `1${'0'.repeat(JSON_BYTES - 10)}`;
  const out: WorstRequest[] = [
    { name: 'a body nested as deep as it fits', payload: deep },
    { name: 'a body of nested objects', payload: deepObjects },
    { name: 'a body with 20,000 unknown fields', payload: JSON.stringify({ ...body, ...manyFields }) },
    { name: 'a body that is 125,000 rows', payload: manyRows },
  ].map((r) => ({ ...r, url: '' }));
  for (const field of fields) {
    out.push(
      { name: `${field} nested as deep as it fits`, url: '', payload: withRaw(body, field, deep) },
      {
        name: `${field} as one 250 kB line`,
        url: '',
        payload: withRaw(body, field, `"${'x'.repeat(JSON_BYTES - 200)}"`),
      },
      { name: `${field} as 125,000 rows`, url: '', payload: withRaw(body, field, manyRows) },
      { name: `${field} as 30,000 objects`, url: '', payload: withRaw(body, field, manyObjects) },
      { name: `${field} as a 250,000-digit number`, url: '', payload: withRaw(body, field, hugeNumber) },
      {
        name: `${field} as a number with a huge exponent`,
        url: '',
        payload: withRaw(body, field, '1e99999999'),
      },
    );
  }
  return out;
}

const OFX_HEAD =
  'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n';
const transaction = (i: number) =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${addDays(TODAY, -(i % 700)).replaceAll('-', '')}<TRNAMT>-${(i % 97) + 1}.25<FITID>w${i}<NAME>Shop ${i % 211}</STMTTRN>\n`;
const day = (i: number) => addDays(TODAY, -(i % 700));

/** Statement files built to cost a reader the most, each about FILE_CHARS long. */
export function worstFiles(): Array<{ name: string; content: string }> {
  const n = FILE_CHARS;
  const rows = (line: (i: number) => string) => {
    const out: string[] = [];
    let size = 0;
    for (let i = 0; size < n; i++) {
      const text = line(i);
      out.push(text);
      size += text.length + 1;
    }
    return out.join('\n');
  };
  return [
    {
      name: 'OFX with aggregates nested without end',
      content: `${OFX_HEAD}<STMTTRN>${repeatTo('<PAYEE><NAME>x', n)}`,
    },
    {
      name: 'OFX with aggregates opened and closed',
      content: `${OFX_HEAD}<STMTTRN>${repeatTo('<PAYEE><NAME>x</PAYEE>', n)}`,
    },
    {
      name: 'OFX with one transaction of many fields',
      content: `${OFX_HEAD}<STMTTRN>${rows((i) => `<F${i}>v`)}`,
    },
    { name: 'OFX with many unclosed tags', content: `${OFX_HEAD}${repeatTo('<STMTTRN><', n)}` },
    { name: 'OFX with an endless comment', content: `${OFX_HEAD}<!--${'-'.repeat(n)}` },
    { name: 'OFX with many entities', content: `${OFX_HEAD}<STMTTRN><NAME>${repeatTo('&#x1F600;&amp;', n)}` },
    { name: 'OFX with many transactions', content: `${OFX_HEAD}${rows(transaction)}` },
    { name: 'CSV with one line of many columns', content: `Date,Description,Amount\n${repeatTo('a,', n)}` },
    { name: 'CSV as one long line', content: `Date,Description,Amount\n${'x'.repeat(n)}` },
    { name: 'CSV with an unclosed quote', content: `Date,Description,Amount\n${day(0)},"${'x'.repeat(n)}` },
    { name: 'CSV with many quotes', content: `Date,Description,Amount\n${repeatTo('"",', n)}` },
    {
      name: 'CSV with many rows',
      content: `Date,Description,Amount\n${rows((i) => `${day(i)},Shop ${i % 211},-${(i % 97) + 1}.25`)}`,
    },
    {
      name: 'CSV with a 100,000-digit amount',
      content: `Date,Description,Amount\n${day(0)},x,-${'9'.repeat(100_000)}.25`,
    },
    { name: 'CSV with many blank lines', content: `Date,Description,Amount\n${'\n'.repeat(n)}` },
    {
      name: 'QIF with many rows',
      content: `!Type:Bank\n${rows((i) => `D${day(i).slice(5).replace('-', '/')}/${day(i).slice(0, 4)}\nT-${(i % 97) + 1}.25\nPShop ${i % 211}\n^`)}`,
    },
    { name: 'QIF as one long line', content: `!Type:Bank\nP${'x'.repeat(n)}` },
    {
      name: 'QIF with many splits',
      content: `!Type:Bank\nD01/02/2026\nT-1.00\n${repeatTo('Sx\n$-1.00\n', n)}^`,
    },
  ];
}

/** The worst requests for a route: its body's kind of worst input, and the longest query it can be sent. */
export function worstRequests(
  route: RouteInfo,
  input: {
    params: Record<string, string>;
    querystring: Record<string, unknown>;
    body?: Record<string, unknown>;
  },
): WorstRequest[] {
  const url = `${fillPath(route.url, input.params)}${queryString(input.querystring)}`;
  const requests: WorstRequest[] = [];
  const bodyFields = Object.keys(propertiesOf(route.json.body));
  const takesBody = route.json.body !== undefined || !['GET', 'HEAD', 'DELETE'].includes(route.method);
  if (takesBody) {
    const body = input.body ?? {};
    if (bodyFields.includes('content')) {
      for (const file of worstFiles()) {
        requests.push({ name: file.name, url, payload: JSON.stringify({ ...body, content: file.content }) });
      }
    }
    requests.push(...jsonBodies(body, bodyFields).map((r) => ({ ...r, url })));
  }
  const separator = url.includes('?') ? '&' : '?';
  for (const field of Object.keys(propertiesOf(route.json.querystring))) {
    requests.push({
      name: `query ${field} as 60 kB`,
      url: `${url}${separator}${field}=${'x'.repeat(60_000)}`,
    });
  }
  requests.push({ name: 'a query of 5,000 fields', url: `${url}${separator}${repeatTo('q=1&', 20_000)}` });
  return requests;
}
