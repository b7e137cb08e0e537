import { digestDay } from './digest-day';

describe("the day a user's review e-mail is due", () => {
  it('is their local day once their clock reaches the hour, not before', () => {
    expect(digestDay(new Date('2026-03-10T07:59:59Z'), 'UTC', 8)).toBeUndefined();
    expect(digestDay(new Date('2026-03-10T08:00:00Z'), 'UTC', 8)).toBe('2026-03-10');
    expect(digestDay(new Date('2026-03-10T23:59:59Z'), 'UTC', 8)).toBe('2026-03-10');
  });

  it("follows the user's time zone across the date line", () => {
    // 22:00 UTC is 08:00 the next day in Sydney (UTC+10 in July); 12:00 UTC is 08:00 in New York, 05:00 in Los Angeles.
    expect(digestDay(new Date('2026-07-10T22:00:00Z'), 'Australia/Sydney', 8)).toBe('2026-07-11');
    expect(digestDay(new Date('2026-07-10T12:00:00Z'), 'America/New_York', 8)).toBe('2026-07-10');
    expect(digestDay(new Date('2026-07-10T12:00:00Z'), 'America/Los_Angeles', 8)).toBeUndefined();
  });

  it('sends from midnight with hour 0', () => {
    expect(digestDay(new Date('2026-03-10T00:00:00Z'), 'UTC', 0)).toBe('2026-03-10');
  });
});
