import type { PracticeAnalytics, QuestionListItem } from '@app/contracts';
import { readinessLines } from './readiness';

const analytics = (weakest: PracticeAnalytics['weakest_tags']): PracticeAnalytics => ({
  today: '2026-11-28',
  questions: 4,
  reviewed_questions: 1,
  total_reviews: 2,
  reviews_per_day: Array.from({ length: 84 }, (_, i) => ({ day: `d${i}`, reviews: i === 83 ? 2 : 0 })),
  retention_distribution: [],
  weakest_tags: weakest,
  average_minutes: { Easy: null, Medium: null, Hard: null },
  due_forecast: [{ day: '2026-11-28', due: 3 }],
  mock_interviews: 1,
  system_design: { attempts: 0, submitted: 0, prompts_practised: 0, mean_best_rubric_total: null, concept_cards: 0, weakest_concepts: [] },
});
const question = (tags: string | null) => ({ tags }) as QuestionListItem;

describe('the readiness summary', () => {
  it("names each category in the product's words, never its key", () => {
    const lines = readinessLines(analytics([]), [question('System Design'), question('Arrays')]);
    expect(lines.map((l) => [l.label, l.text])).toEqual([
      ['Problem Review', '3 problems due today'],
      ['System Design', '1 System Design problem tracked'],
      ['Mock Interviews', '1 mock interview done'],
      ['This week', '2 reviews in the last 7 days, on 1 day'],
    ]);
    expect(lines.map((l) => l.label).join(' ')).not.toMatch(/leetcode|system_design|communication|other/);
  });

  it('calls weakest only a tag with a retention: one never reviewed is not 0 %', () => {
    const backtracking = { tag: 'Backtracking', problems: 2, reviewed: 0, mean_retention: null };
    expect(readinessLines(analytics([backtracking]), [])[0].text).toBe('3 problems due today');
    const graphs = { tag: 'Graphs', problems: 2, reviewed: 1, mean_retention: 64 };
    expect(readinessLines(analytics([graphs, backtracking]), [])[0].text).toBe('3 problems due today; weakest tag Graphs at 64% retention');
  });
});
