import { calendar, foldLine } from './ics';

/**
 * Reads ICS as RFC 5545 §3.1 says (unfold CRLF + space, one content line per CRLF, `name[;params]:value`)
 * and, like lenient parsers, also taking a bare CR or LF for a line end: both must see the same lines.
 */
function parseContentLines(text: string, lenient = false): Array<{ name: string; value: string }> {
  const unfolded = lenient ? text.replace(/(\r\n|\r|\n)[ \t]/g, '') : text.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split(lenient ? /\r\n|\r|\n/ : '\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) => {
    const match = /^([A-Z-]+)((?:;[A-Z-]+=[^;:]*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
    return { name: match[1], value: match[3] };
  });
}

/** A TEXT value back to its text (RFC 5545 §3.3.11). */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

describe('ICS (RFC 5545)', () => {
  const now = new Date('2026-06-01T09:30:05.123Z');

  it('writes a calendar of all-day events with UID, DTSTAMP and CRLF line ends', () => {
    const text = calendar(
      'Problem Review',
      [{ uid: 'due-20260602@x', day: '2026-06-02', summary: 'Review 2 problems', description: 'Two Sum\nLRU Cache' }],
      now,
    );
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Thunderprep//Problem Review//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:Problem Review',
        'BEGIN:VEVENT',
        'UID:due-20260602@x',
        'DTSTAMP:20260601T093005Z',
        'DTSTART;VALUE=DATE:20260602',
        'DTEND;VALUE=DATE:20260603',
        'SUMMARY:Review 2 problems',
        'DESCRIPTION:Two Sum\\nLRU Cache',
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    const text = calendar('x', [{ uid: 'u', day: '2026-12-31', summary: 'a,b;c\\d\r\ne' }], now);
    expect(text).toContain('SUMMARY:a\\,b\\;c\\\\d\\ne\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20270101');
  });

  it('keeps a hostile title inside its property: bare CR, LF, control characters, escapes and long text, for strict and lenient parsers', () => {
    const hostile = [
      'Two Sum\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:injected',
      'LRU\nCache\r\nDTSTART:19700101',
      'a\\;b,c\u0000d\u0007e\u001bf\u007fg\u0085h\ti',
      `${'Ünïcödé 🚀, '.repeat(12)}end`,
    ];
    const text = calendar('x', [{ uid: 'u', day: '2026-06-02', summary: 'Review 4 problems', description: hostile.join('\n') }], now);
    for (const lenient of [false, true]) {
      const lines = parseContentLines(text, lenient);
      expect(lines.map((l) => l.name)).toEqual([
        'BEGIN',
        'VERSION',
        'PRODID',
        'CALSCALE',
        'METHOD',
        'X-WR-CALNAME',
        'BEGIN',
        'UID',
        'DTSTAMP',
        'DTSTART',
        'DTEND',
        'SUMMARY',
        'DESCRIPTION',
        'TRANSP',
        'END',
        'END',
      ]);
      const description = unescapeText(lines.find((l) => l.name === 'DESCRIPTION')!.value).split('\n');
      expect(description).toEqual([
        'Two Sum',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:injected',
        'LRU',
        'Cache',
        'DTSTART:19700101',
        'a\\;b,cdefgh\ti',
        hostile[3],
      ]);
    }
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[^\P{Cc}\t]/u);
  });

  it('folds lines longer than 75 octets, never inside a UTF-8 character, and unfolds back', () => {
    const long = `DESCRIPTION:${'Ünïcödé 🚀 '.repeat(20)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('short')).toBe('short');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });
});
