import { allowanceMonth, nextTopUp } from './allowance';

describe('the monthly allowance calendar (UTC)', () => {
  it('keys an instant by its UTC month, whatever the hour elsewhere', () => {
    expect(allowanceMonth(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('2026-11-01');
    expect(allowanceMonth(Date.parse('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    // Half past midnight on 1 December in Paris is still November in UTC.
    expect(allowanceMonth(Date.parse('2026-12-01T00:30:00+01:00'))).toBe('2026-11-01');
  });

  it('tops up next on the first day of the following month, across the year', () => {
    expect(nextTopUp(Date.parse('2026-11-25T21:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextTopUp(Date.parse('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextTopUp(Date.parse('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
});
