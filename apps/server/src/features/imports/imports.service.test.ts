import type { ParsedRow } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { classify } from './imports.service';

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
    bank: Array<{ providerTransactionId?: string; date: string; amount: number }>;
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
  ];
  for (const c of cases) {
    it(c.name, () => {
      const candidates = c.bank.map((b, i) => ({ providerTransactionId: `bank:${i}`, ...b }));
      expect(classify(c.rows, new Set(c.existing), candidates)).toEqual(c.expected);
    });
  }
});
