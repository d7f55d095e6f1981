/**
 * The one CSV writer of the product (issue 34 §9): the dashboard's export (shared/domain/import/
 * subscription-tracker.ts) and the yearly report (shared/domain/subscription-report.ts) both write
 * through it, so neither can write a cell a spreadsheet runs as a formula.
 *
 * - Formulas (OWASP CSV injection): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 *   gets a leading `'`, which spreadsheets show as text. A cell that already starts with apostrophes
 *   before such a character gets one more, so {@link unneutralisedCell} reads back exactly what was
 *   written (the export re-imports to the same data, issue 24 §6).
 * - Quoting (RFC 4180): a cell holding a comma, a quote, a line break or an edge space is quoted, its
 *   quotes doubled. Lines end with CRLF, the last one too.
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as a spreadsheet must see it: formula-like text prefixed with `'` ('=SUM(A1)' → "'=SUM(A1)"). */
export function neutralisedCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The cell {@link neutralisedCell} was given: one leading `'` dropped where the writer added it. */
export function unneutralisedCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** One field quoted per RFC 4180 when it holds a comma, a quote, a line break or an edge space. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text of rows of cells: each cell neutralised, then quoted; CRLF after every line. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((cell) => csvField(neutralisedCell(cell))).join(',')}\r\n`).join('');
}

/** The same rows tab-separated, for pasting into a spreadsheet: tabs and line breaks in a cell become spaces. */
export function writeTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((cell) => neutralisedCell(cell).replace(/[\t\r\n]+/g, ' ')).join('\t')}\n`).join('');
}
