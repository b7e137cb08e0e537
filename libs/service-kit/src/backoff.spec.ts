import { backoffCeiling, fullJitter } from './backoff';

const retry = { base: 500, cap: 30_000 };
const highest = 1 - Number.EPSILON;

describe('backoff', () => {
  it('doubles the ceiling with each attempt from the base, up to the cap and no further', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((attempt) => backoffCeiling(attempt, retry))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffCeiling(-3, retry)).toBe(500);
  });

  it('full jitter draws from 0 up to the ceiling itself, in whole units', () => {
    expect(fullJitter(2, retry, () => 0)).toBe(0);
    expect(fullJitter(2, retry, () => highest)).toBe(2000);
    expect(fullJitter(2, retry, () => 0.5)).toBe(1000);
    expect(fullJitter(2, retry, () => 0.123456)).toBe(247);
    expect(fullJitter(9, retry, () => highest)).toBe(30_000);
  });

  it('full jitter grows with the attempts: the same draw waits twice as long one attempt later, until the cap', () => {
    const draws = [0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => fullJitter(attempt, retry, () => 0.25));
    expect(draws).toEqual([125, 250, 500, 1000, 2000, 4000, 7500, 7500]);
  });

  it('full jitter spreads retries evenly below the ceiling rather than bunching them at it', () => {
    let seed = 42;
    // Park and Miller's generator: the same "random" draws on every run.
    const lcg = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const waits = Array.from({ length: 4000 }, () => fullJitter(4, retry, lcg));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8000);
    const quarters = [0, 1, 2, 3].map((q) => waits.filter((w) => Math.min(3, Math.floor(w / 2000)) === q).length);
    for (const count of quarters) expect(count).toBeGreaterThan(900);
    expect(waits.reduce((sum, w) => sum + w, 0) / waits.length).toBeCloseTo(4000, -2);
  });
});
