import {
  confidenceFrom,
  correctnessFromErrors,
  dueTodayCount,
  endOfDay,
  instantIn,
  pacingPlan,
  relativeTime,
  retentionScore,
  reviewGrade,
  reviewRating,
  scheduleReview,
} from './scoring';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('correctness from chosen errors', () => {
  it.each([
    [[], 100],
    [['time_limit_exceeded'], 80],
    [['memory_limit_exceeded'], 80],
    [['runtime_error'], 70],
    [['compilation_error'], 60],
    [['wrong_answer'], 50],
    [['edge_case_missed'], 70],
    [['incorrect_algorithm'], 40],
    [['incorrect_data_structure'], 50],
    [['wrong_answer', 'edge_case_missed'], 20],
    [['incorrect_algorithm', 'wrong_answer'], 0],
    [['incorrect_algorithm', 'wrong_answer', 'runtime_error'], 0],
    [['not_a_type'], 100],
  ])('%j → %i', (errors, expected) => expect(correctnessFromErrors(errors)).toBe(expected));
});

describe('confidence from submissions and time', () => {
  it.each([
    [0, 0, 0],
    [0, 30, 0],
    [1, 0, 100],
    [1, 1, 100],
    [1, 2, 95],
    [1, 3, 95],
    [1, 10, 75],
    [1, 11.9, 75],
    [1, 12, 70],
    [1, 1.99, 100],
    [2, 0, 80],
    [3, 4, 50],
    [5, 0, 20],
    [6, 0, 0],
    [1, 40, 0],
    [10, 60, 0],
  ])('%i submissions in %i min → %i', (submissions, minutes, expected) => expect(confidenceFrom(submissions, minutes)).toBe(expected));
});

describe('retention', () => {
  it('is null without sessions', () => expect(retentionScore([], now)).toBeNull());

  it.each([
    ['one perfect session today', [{ correctness: 100, confidence: 100, timer: 10, created_at: daysAgo(0) }], 100],
    ['one session, mean of the two scores', [{ correctness: 80, confidence: 60, timer: 10, created_at: daysAgo(0) }], 70],
    ['decays over 30 days by 1/e', [{ correctness: 100, confidence: 100, timer: 10, created_at: daysAgo(30) }], 37],
    ['halves when the latest session took 120 minutes', [{ correctness: 100, confidence: 100, timer: 120, created_at: daysAgo(0) }], 50],
    ['60 minutes is no penalty', [{ correctness: 100, confidence: 100, timer: 60, created_at: daysAgo(0) }], 100],
    [
      'weights 0.6/0.3/0.1 over the three latest, newest first',
      [
        { correctness: 100, confidence: 100, timer: 5, created_at: daysAgo(0) },
        { correctness: 50, confidence: 50, timer: 5, created_at: daysAgo(1) },
        { correctness: 0, confidence: 0, timer: 5, created_at: daysAgo(2) },
        { correctness: 0, confidence: 0, timer: 5, created_at: daysAgo(3) },
      ],
      75,
    ],
    [
      'renormalises 0.6/0.3 for two sessions, in any input order',
      [
        { correctness: 0, confidence: 0, timer: 5, created_at: daysAgo(1) },
        { correctness: 90, confidence: 90, timer: 5, created_at: daysAgo(0) },
      ],
      60,
    ],
    ['clamps the session value to 100', [{ correctness: 150, confidence: 150, timer: 1, created_at: daysAgo(0) }], 100],
    ['never below 0', [{ correctness: -50, confidence: -50, timer: 1, created_at: daysAgo(0) }], 0],
    ['treats a 0-minute session as 1 minute', [{ correctness: 100, confidence: 100, timer: 0, created_at: daysAgo(0) }], 100],
    [
      'only the latest session’s time counts',
      [
        { correctness: 100, confidence: 100, timer: 30, created_at: daysAgo(0) },
        { correctness: 100, confidence: 100, timer: 600, created_at: daysAgo(1) },
      ],
      100,
    ],
    [
      'decay runs from the latest session, not the oldest',
      [
        { correctness: 100, confidence: 100, timer: 10, created_at: daysAgo(15) },
        { correctness: 100, confidence: 100, timer: 10, created_at: daysAgo(300) },
      ],
      61,
    ],
    ['a session dated in the future does not grow the score', [{ correctness: 80, confidence: 80, timer: 10, created_at: daysAgo(-2) }], 80],
    ['rounds half up', [{ correctness: 41, confidence: 40, timer: 10, created_at: daysAgo(0) }], 41],
    ['all three factors together', [{ correctness: 90, confidence: 70, timer: 90, created_at: daysAgo(10) }], Math.round(80 * (60 / 90) * Math.exp(-10 / 30))],
  ])('%s', (_name, sessions, expected) => expect(retentionScore(sessions, now)).toBe(expected));

  it('takes Date objects as well as ISO strings', () => {
    const at = new Date(now.getTime() - 3 * 86_400_000);
    expect(retentionScore([{ correctness: 60, confidence: 40, timer: 20, created_at: at }], now)).toBe(
      retentionScore([{ correctness: 60, confidence: 40, timer: 20, created_at: at.toISOString() }], now),
    );
  });

  it('is always a whole number from 0 to 100', () => {
    for (let i = 0; i < 500; i++) {
      const sessions = Array.from({ length: 1 + (i % 5) }, (_, k) => ({
        correctness: (i * 37 + k * 11) % 101,
        confidence: (i * 53 + k * 7) % 101,
        timer: (i * 13 + k) % 200,
        created_at: daysAgo((i * 3 + k * 5) % 400),
      }));
      const r = retentionScore(sessions, now)!;
      expect(Number.isInteger(r) && r >= 0 && r <= 100).toBe(true);
    }
  });
});

describe("an instant in full on a time zone's clock", () => {
  it('reads as toLocaleString does, the same zone asked again included', () => {
    const at = new Date('2026-03-29T01:30:05Z');
    for (const timeZone of ['Europe/London', 'Pacific/Kiritimati', 'America/Los_Angeles', undefined, 'Europe/London']) {
      expect(instantIn(at, timeZone)).toBe(at.toLocaleString(undefined, { timeZone }));
    }
  });
});

describe('relative time labels', () => {
  it.each([
    [0, 'today'],
    [0.9, 'today'],
    [1, '1 day ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [27, '3 weeks ago'],
    [28, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [359, '11 months ago'],
    [360, '1 year ago'],
    [365, '1 year ago'],
    [1094, '2 years ago'],
    [1095, '3+ years ago'],
    [5000, '3+ years ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [30, '1 month ago'],
    [730, '2 years ago'],
    [-1, 'today'],
  ])('%d days → %s', (days, label) => expect(relativeTime(daysAgo(days), now)).toBe(label));
});

describe('FSRS rating from a logged review', () => {
  it.each([
    [{ correctness: 40, confidence: 100, timer: 5 }, 'again'],
    [{ correctness: 100, confidence: 0, timer: 5 }, 'again'],
    [{ correctness: 49, confidence: 90, timer: 10 }, 'again'],
    [{ correctness: 100, confidence: 95, timer: 20 }, 'easy'],
    [{ correctness: 90, confidence: 90, timer: 11.9 }, 'easy'],
    [{ correctness: 100, confidence: 95, timer: 20.5 }, 'good'],
    [{ correctness: 80, confidence: 60, timer: 30 }, 'good'],
    [{ correctness: 70, confidence: 70, timer: 45 }, 'good'],
    [{ correctness: 70, confidence: 70, timer: 46 }, 'hard'],
    [{ correctness: 70, confidence: 65, timer: 10 }, 'hard'],
    [{ correctness: 50, confidence: 5, timer: 10 }, 'hard'],
  ])('%j → %s', (session, rating) => expect(reviewRating(session)).toBe(rating));
});

describe('due dates (FSRS, injected clock)', () => {
  const at = new Date('2026-06-01T12:00:00Z');
  const days = (card: { due: string }, from: Date) => (Date.parse(card.due) - from.getTime()) / 86_400_000;
  const perfect = { correctness: 100, confidence: 100, timer: 10 };
  const failed = { correctness: 0, confidence: 0, timer: 30 };

  it('schedules a first review further out the better it went, and never in the past', () => {
    const byRating = [failed, { correctness: 60, confidence: 60, timer: 50 }, { correctness: 80, confidence: 70, timer: 30 }, perfect].map((s) =>
      days(scheduleReview(null, s, at), at),
    );
    expect(byRating[0]).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < byRating.length; i++) expect(byRating[i]).toBeGreaterThan(byRating[i - 1]);
  });

  it('grows the interval with each good review and shrinks it after a lapse', () => {
    let card = scheduleReview(null, perfect, at);
    const intervals: number[] = [];
    for (let i = 0; i < 3; i++) {
      const now = new Date(card.due);
      card = scheduleReview(card, perfect, now);
      intervals.push(days(card, now));
    }
    expect(intervals[1]).toBeGreaterThan(intervals[0]);
    expect(intervals[2]).toBeGreaterThan(intervals[1]);
    const lapsed = scheduleReview(card, failed, new Date(card.due));
    expect(days(lapsed, new Date(card.due))).toBeLessThan(intervals[2]);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.reps).toBe(5);
  });

  it('takes the four grades natively: a chosen grade wins over the scores', () => {
    const byGrade = (['again', 'hard', 'good', 'easy'] as const).map((grade) => days(scheduleReview(null, { ...failed, grade }, at), at));
    for (let i = 1; i < byGrade.length; i++) expect(byGrade[i]).toBeGreaterThan(byGrade[i - 1]);
    expect(scheduleReview(null, { ...failed, grade: 'easy' }, at)).toEqual(scheduleReview(null, { ...perfect, grade: 'easy' }, at));
    const again = scheduleReview(scheduleReview(null, perfect, at), { ...perfect, grade: 'again' }, new Date('2026-06-20T12:00:00Z'));
    expect(again.lapses).toBe(1);
  });

  it('without a grade (or a null one) schedules as the scores say, exactly as before grades existed', () => {
    const scored = { correctness: 80, confidence: 70, timer: 30 };
    expect(reviewGrade(scored)).toBe('good');
    expect(reviewGrade({ ...scored, grade: null })).toBe('good');
    expect(reviewGrade({ ...scored, grade: 'hard' })).toBe('hard');
    expect(scheduleReview(null, { ...scored, grade: null }, at)).toEqual(scheduleReview(null, { ...scored, grade: 'good' }, at));
    expect(scheduleReview(null, scored, at)).not.toEqual(scheduleReview(null, { ...scored, grade: 'hard' }, at));
  });

  it('is deterministic: the same reviews give the same due date', () => {
    expect(scheduleReview(null, perfect, at)).toEqual(scheduleReview(null, perfect, at));
  });

  it('counts what is due by the end of the local day, overdue included', () => {
    const now = new Date(2026, 5, 1, 9, 0);
    const due = (d: Date) => ({ due_at: d.toISOString() });
    expect(dueTodayCount([due(new Date(2026, 4, 20)), due(new Date(2026, 5, 1, 23, 30)), due(new Date(2026, 5, 2, 0, 5))], now)).toBe(2);
    expect(dueTodayCount([], now)).toBe(0);
  });

  it.each([
    // 12:00 UTC is 21:00 in Tokyo, 05:00 in Los Angeles (PDT), already 02:00 tomorrow in Kiritimati.
    ['Asia/Tokyo', '2026-07-10T12:00:00Z', '2026-07-10T14:59:59.999Z'],
    ['America/Los_Angeles', '2026-07-10T12:00:00Z', '2026-07-11T06:59:59.999Z'],
    ['Pacific/Kiritimati', '2026-07-10T12:00:00Z', '2026-07-11T09:59:59.999Z'],
    ['UTC', '2026-07-10T23:59:59Z', '2026-07-10T23:59:59.999Z'],
    // New York's clocks go forward on 8 March 2026: the day starts on EST and ends on EDT.
    ['America/New_York', '2026-03-08T12:00:00Z', '2026-03-09T03:59:59.999Z'],
    ['America/New_York', '2026-11-01T12:00:00Z', '2026-11-02T04:59:59.999Z'],
  ])("ends the day in the candidate's time zone %s: at %s, at %s", (zone, now, end) => {
    expect(endOfDay(new Date(now), zone).toISOString()).toBe(end);
    const due = (at: string) => ({ due_at: at });
    expect(dueTodayCount([due(end), due(new Date(Date.parse(end) + 1).toISOString())], new Date(now), zone)).toBe(1);
  });
});

describe('pacing before an interview (injected clock)', () => {
  const now = new Date(2026, 11, 1, 15, 30);
  it.each([
    [120, '2026-12-11', { perDay: 12, days: 10, until: '2026-12-10' }],
    [121, '2026-12-11', { perDay: 13, days: 10, until: '2026-12-10' }],
    [5, '2026-12-02', { perDay: 5, days: 1, until: '2026-12-01' }],
    [3, '2026-12-15', { perDay: 1, days: 14, until: '2026-12-14' }],
    [10, '2026-12-01', null],
    [10, '2026-11-20', null],
    [0, '2026-12-11', null],
    [10, 'next week', null],
  ])('%i problems, interview %s → %j', (problems, day, plan) => expect(pacingPlan(problems, day, now)).toEqual(plan));

  it("counts the days left from today in the candidate's time zone", () => {
    // 22:00 UTC on 1 December is already 2 December in Tokyo, still 1 December in New York.
    const late = new Date('2026-12-01T22:00:00Z');
    expect(pacingPlan(120, '2026-12-11', late, 'Asia/Tokyo')).toEqual({ perDay: 14, days: 9, until: '2026-12-10' });
    expect(pacingPlan(120, '2026-12-11', late, 'America/New_York')).toEqual({ perDay: 12, days: 10, until: '2026-12-10' });
    expect(pacingPlan(5, '2026-12-02', late, 'Asia/Tokyo')).toBeNull();
  });
});
