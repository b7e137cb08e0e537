import { CsvError, parseCsv, toCsv } from './csv';

describe('CSV', () => {
  it('writes RFC 4180: CRLF rows, quotes only where needed, "" inside quotes, empty for null', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          { a: 'plain', b: 'x, y', c: null },
          { a: 'say "hi"', b: 'two\nlines', c: 3 },
        ],
      ),
    ).toBe('a,b,c\r\nplain,"x, y",\r\n"say ""hi""","two\nlines",3\r\n');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('escapes the formula %j with an apostrophe', (cell) => {
    const written = toCsv(['t'], [{ t: cell }]).split('\r\n')[1];
    expect(written.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(parseCsv(toCsv(['t'], [{ t: cell }]))[1]).toEqual([cell]);
  });

  it('leaves numbers alone: a negative number is data, not a formula', () => {
    expect(toCsv(['n'], [{ n: -3 }])).toBe('n\r\n-3\r\n');
  });

  it('round-trips any text: commas, quotes, line breaks, apostrophes, unicode', () => {
    const rows = [
      { title: 'Alice\'s "best" problem, part 2\r\nwith a break', tags: 'a,b' },
      { title: "'already quoted", tags: '' },
      { title: "'=written with its own apostrophe", tags: "''+" },
      { title: '=cmd|calc', tags: 'Ünïcödé 🚀' },
    ];
    const parsed = parseCsv(toCsv(['title', 'tags'], rows));
    expect(parsed).toEqual([['title', 'tags'], ...rows.map((r) => [r.title, r.tags])]);
  });

  it('reads LF, CRLF, a byte-order mark and blank lines, and keeps empty cells', () => {
    expect(parseCsv('\uFEFFtitle,difficulty\n\nTwo Sum,Easy\r\n,Hard\n')).toEqual([
      ['title', 'difficulty'],
      ['Two Sum', 'Easy'],
      ['', 'Hard'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('names the row of a quote never closed', () => {
    expect(() => parseCsv('title,difficulty\nok,Easy\n"open,Easy\n')).toThrow(new CsvError(3, 'Row 3: a quoted cell is never closed'));
  });
});
