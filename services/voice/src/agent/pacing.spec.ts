import { RealTimeBudget } from './pacing';

describe('audio at real time', () => {
  it('takes audio up to the allowance at once, then only as fast as the clock moves', () => {
    let now = 0;
    const budget = new RealTimeBudget(1_000, () => now);
    expect(budget.take(1_000)).toBe(true);
    expect(budget.take(250)).toBe(false);
    now += 250;
    expect(budget.take(250)).toBe(true);
    // A long silence does not save up more than the allowance.
    now += 60_000;
    expect(budget.take(1_000)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });
});
