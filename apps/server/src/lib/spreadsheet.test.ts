import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet';

describe('spreadsheetText', () => {
  it.each([
    ['=HYPERLINK("http://x","Refund")', `'=HYPERLINK("http://x","Refund")`],
    ['+1-555-0100 PHONE ORDER', `'+1-555-0100 PHONE ORDER`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['TRADER JOES #552', 'TRADER JOES #552'],
    ['Paid back = fine', 'Paid back = fine'],
    ['', ''],
  ])('%j → %j', (text, expected) => expect(spreadsheetText(text)).toBe(expected));
});
