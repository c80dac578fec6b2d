/**
 * Text a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"): a
 * description like `=HYPERLINK("http://evil","Refund")` from a merchant or a note must open as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell for a CSV export: formula-like text gets a leading apostrophe, everything else is kept. */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
