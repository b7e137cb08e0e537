import { confidenceFrom, correctnessFromErrors, relativeTime, retentionScore } from './scoring';

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
  ])('%s', (_name, sessions, expected) => expect(retentionScore(sessions, now)).toBe(expected));
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
  ])('%d days → %s', (days, label) => expect(relativeTime(daysAgo(days), now)).toBe(label));
});
