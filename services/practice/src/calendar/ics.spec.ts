import { calendar, foldLine } from './ics';

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
