import { type ParsedRow, parseImportFile } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { classify, dayOrderOutcome } from './imports.service';

const row = (id: string, date: string, amount: number) => ({
  providerTransactionId: id,
  row: {
    line: 1,
    date,
    amount,
    description: 'x',
    merchantName: null,
    fitId: null,
    category: null,
    note: null,
  } satisfies ParsedRow,
});

describe('classify', () => {
  const cases: Array<{
    name: string;
    rows: ReturnType<typeof row>[];
    existing: string[];
    bank: Array<{ providerTransactionId?: string; fileKey?: string; date: string; amount: number }>;
    expected: string[];
  }> = [
    {
      name: 'nothing known: all new',
      rows: [row('a', '2026-01-01', -1)],
      existing: [],
      bank: [],
      expected: ['new'],
    },
    {
      name: 'a key the person has is a duplicate, before any matching',
      rows: [row('a', '2026-01-01', -1)],
      existing: ['a'],
      bank: [{ date: '2026-01-01', amount: -1 }],
      expected: ['duplicate'],
    },
    {
      name: 'a key twice in one file: the second is a duplicate',
      rows: [row('a', '2026-01-01', -1), row('a', '2026-01-01', -1)],
      existing: [],
      bank: [],
      expected: ['new', 'duplicate'],
    },
    {
      name: 'a bank row answers for one file row only',
      rows: [row('a', '2026-01-01', -350), row('b', '2026-01-01', -350)],
      existing: [],
      bank: [{ date: '2026-01-01', amount: -350 }],
      expected: ['matched', 'new'],
    },
    {
      name: 'two bank rows answer for two',
      rows: [row('a', '2026-01-01', -350), row('b', '2026-01-01', -350)],
      existing: [],
      bank: [
        { date: '2026-01-01', amount: -350 },
        { date: '2026-01-01', amount: -350 },
      ],
      expected: ['matched', 'matched'],
    },
    {
      name: 'another day or another amount is no match',
      rows: [row('a', '2026-01-02', -350), row('b', '2026-01-01', 350)],
      existing: [],
      bank: [{ date: '2026-01-01', amount: -350 }],
      expected: ['new', 'new'],
    },
    {
      name: 'a duplicate does not use up a bank row',
      rows: [row('a', '2026-01-01', -350), row('b', '2026-01-01', -350)],
      existing: ['a'],
      bank: [{ date: '2026-01-01', amount: -350 }],
      expected: ['duplicate', 'matched'],
    },
    {
      name: 'a row another file brought (an OFX after a CSV of the same days) is matched, not doubled',
      rows: [row('file:acc:ofx:T1', '2026-01-01', -350)],
      existing: [],
      bank: [{ providerTransactionId: 'file:acc:fp:9f', date: '2026-01-01', amount: -350 }],
      expected: ['matched'],
    },
    {
      name: 'the file’s own rows, stored before, match nothing else of it',
      rows: [row('a', '2026-01-01', -350), row('b', '2026-01-01', -350)],
      existing: ['a'],
      bank: [{ providerTransactionId: 'a', date: '2026-01-01', amount: -350 }],
      expected: ['duplicate', 'new'],
    },
    {
      name: 'a row of the file a bank took over stands for itself, not for its identical twin',
      rows: [row('a', '2026-01-01', -350), row('b', '2026-01-01', -350)],
      existing: ['a'],
      bank: [{ providerTransactionId: 'txn-1', fileKey: 'a', date: '2026-01-01', amount: -350 }],
      expected: ['duplicate', 'new'],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const candidates = c.bank.map((b, i) => ({ providerTransactionId: `bank:${i}`, fileKey: null, ...b }));
      expect(await classify(c.rows, new Set(c.existing), candidates)).toEqual(c.expected);
    });
  }
});

describe('dayOrderOutcome', () => {
  const unproven = parseImportFile('!Type:Bank\nD03/04/2026\nT-1.00\nPA\n^\n');
  const proven = parseImportFile('!Type:Bank\nD25/04/2026\nT-1.00\nPA\n^\n');
  const irrelevant = parseImportFile('!Type:Bank\nD04/04/2026\nT-1.00\nPA\n^\n');
  const csv = parseImportFile('Date,Description,Amount\n2026-04-03,A,-1.00\n');
  const dmy = (file: string) => parseImportFile(file, { dayOrder: 'DMY' });

  it.each([
    [
      'nothing known: asked, month first, nothing kept',
      unproven,
      undefined,
      undefined,
      ['default', true, null],
    ],
    [
      'chosen: still asked while choosing, kept',
      dmy('!Type:Bank\nD03/04/2026\nT-1\nPA\n^\n'),
      'DMY',
      undefined,
      ['chosen', true, 'DMY'],
    ],
    [
      'remembered: not asked, kept as it is',
      dmy('!Type:Bank\nD03/04/2026\nT-1\nPA\n^\n'),
      undefined,
      'DMY',
      ['remembered', false, null],
    ],
    ['chosen over the remembered one: kept', unproven, 'MDY', 'DMY', ['chosen', false, 'MDY']],
    [
      'proved by the file: not asked, kept over the remembered one',
      proven,
      'MDY',
      'MDY',
      ['file', false, 'DMY'],
    ],
    [
      'the order changes no day: not asked, nothing kept',
      irrelevant,
      undefined,
      undefined,
      ['default', false, null],
    ],
  ] as const)('%s', (_name, parsed, chosen, remembered, [source, needs, remember]) => {
    expect(dayOrderOutcome(parsed, chosen, remembered)).toEqual({
      dayOrder: parsed.dayOrder,
      dayOrderSource: source,
      needsDayOrder: needs,
      remember,
    });
  });

  it('answers nothing for other formats', () => {
    expect(dayOrderOutcome(csv, 'DMY', 'DMY')).toEqual({
      dayOrder: null,
      dayOrderSource: null,
      needsDayOrder: false,
      remember: null,
    });
  });
});
