/**
 * A spreadsheet reads a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a
 * formula: a guest who names themself `=HYPERLINK(...)` would run it on the organizer's machine when the export is
 * opened. Such a text cell is written with a leading `'`, as OWASP recommends (CSV injection), in every CSV and XLSX
 * the platform writes. Numbers stay numbers: a negative amount is a value, not a formula.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === "string" && formulaStart.test(value) ? `'${value}` : value;
}
