import { clock, scheduleAt } from './timer';

const steps = [{ minutes: 5 }, { minutes: 10 }, { minutes: 30 }];

describe('the timed attempt schedule', () => {
  it('puts the candidate in the step whose time box holds the moment, with what is left of it and of the whole', () => {
    expect(scheduleAt(steps, 0)).toEqual({ stepIndex: 0, stepRemainingMs: 300_000, totalRemainingMs: 2_700_000, overtime: false });
    expect(scheduleAt(steps, 6 * 60_000)).toEqual({ stepIndex: 1, stepRemainingMs: 540_000, totalRemainingMs: 2_340_000, overtime: false });
    expect(scheduleAt(steps, 15 * 60_000).stepIndex).toBe(2);
  });

  it('stays on the last step once the 45 minutes are spent, and says how far over', () => {
    const over = scheduleAt(steps, 46 * 60_000);
    expect(over).toEqual({ stepIndex: 2, stepRemainingMs: 0, totalRemainingMs: -60_000, overtime: true });
    expect(clock(over.totalRemainingMs)).toBe('-1:00');
  });

  it('shows minutes and seconds', () => {
    expect(clock(245_900)).toBe('4:05');
    expect(clock(0)).toBe('0:00');
  });
});
