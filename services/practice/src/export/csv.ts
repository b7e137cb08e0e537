/**
 * CSV as RFC 4180 writes it (CRLF rows, quoted when a cell holds a comma, quote or line break) and
 * as spreadsheets read it. A cell starting with = + - @ (or a tab or carriage return) would be run
 * as a formula by a spreadsheet (CSV injection, OWASP): it is written with an apostrophe in front,
 * which the reader here takes off again, so an export imports back unchanged.
 */
// Apostrophes already in front of such a start count too: one more goes in, and reading takes off only that one.
const NEEDS_ESCAPE = /^'*[=+\-@\t\r]/;

export type Cell = string | number | null | undefined;

function writeCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && NEEDS_ESCAPE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, Cell>>): string {
  const lines = [columns.map(writeCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => writeCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A CSV that cannot be read as rows; `row` counts from 1, the header. */
export class CsvError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Rows of cells; a byte-order mark, CRLF or LF line ends and quoted fields (with "" and line breaks)
 * are understood. A quote left open is a CsvError naming its row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  // The row (1 = the first line) a quoted cell started on, to name it when it is never closed.
  let quoteRow = 0;
  const endCell = () => {
    row.push(unescapeFormula(cell));
    cell = '';
  };
  const endRow = () => {
    endCell();
    // A blank line is no row (a trailing newline, or spacing between rows).
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (source[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell === '') {
      quoted = true;
      quoteRow = rows.length + 1;
    } else if (ch === ',') endCell();
    else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (source[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (quoted) throw new CsvError(quoteRow, `Row ${quoteRow}: a quoted cell is never closed`);
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

const unescapeFormula = (cell: string) => (cell.startsWith("'") && NEEDS_ESCAPE.test(cell.slice(1)) ? cell.slice(1) : cell);
