import { topicLabel } from '@app/contracts';
import { dayWithOrdinal, levelParts, logoPath, ordinal, practiceLink, previewCard, processDuration, roundsLabel, visibleTopics } from './format';

describe('interview card wording', () => {
  it('writes ordinal days', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
    expect(dayWithOrdinal('2024-03-02')).toBe('March 2nd, 2024');
    expect(dayWithOrdinal('2023-12-31')).toBe('December 31st, 2023');
    expect(dayWithOrdinal('2024-03')).toBe('March 2024');
  });

  it('shows the process in days under a week, weeks under 30 days, then months', () => {
    expect([0, 1, 6, 7, 13, 14, 29, 30, 59, 60, 400].map(processDuration)).toEqual([
      '0 days',
      '1 day',
      '6 days',
      '1 week',
      '1 week',
      '2 weeks',
      '4 weeks',
      '1 month',
      '1 month',
      '2 months',
      '13 months',
    ]);
  });

  it('counts rounds, shortens topics and builds logo paths', () => {
    expect([roundsLabel(1), roundsLabel(3)]).toEqual(['1 Round', '3 Rounds']);
    expect(visibleTopics(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B', 'C'], more: 2 });
    expect(visibleTopics(['A'])).toEqual({ shown: ['A'], more: 0 });
    expect(logoPath('Jane Street')).toBe('/logos/jane-street.png');
    expect(logoPath('OpenAI')).toBe('/logos/openai.png');
  });

  it('sends the five most asked problem topics to Problem Review by their catalogue tags, shown by the spec words', () => {
    const top = ['Graph', 'System Design', 'Depth-First Search', 'Heap (Priority Queue)', 'Python', 'Tree', 'Array', 'String'].map((topic, i) => ({
      topic,
      count: 9 - i,
    }));
    expect(practiceLink(top)).toBe('/leetcode?tags=Graph,Depth-First%20Search,Heap%20(Priority%20Queue),Tree,Array');
    expect(practiceLink([{ topic: 'System Design', count: 2 }])).toBeUndefined();
    expect(top.slice(0, 4).map((t) => topicLabel(t.topic))).toEqual(['Graphs', 'System Design', 'DFS', 'Heaps']);
  });

  it('keeps the parenthetical of a level whole', () => {
    expect(levelParts('Early Career (L4, E3, IC1, SDE I)')).toEqual({ name: 'Early Career', aka: '(L4, E3, IC1, SDE I)' });
    expect(levelParts('Intern')).toEqual({ name: 'Intern' });
  });

  it('previews the card as others will see it: the month only, the author as chosen', () => {
    const form = {
      company: { id: null, name: 'Thunder Labs' },
      level: 'Intern' as const,
      interview_process: [{ round: 'Other' as const, round_date_str: '2024-03-20' }, { round_date_str: '2024-03-01' }],
      outcome: 'rejected' as const,
      topics: ['Graph' as const],
      show_username: false,
    };
    expect(previewCard(form, 'ada')).toMatchObject({
      company_name: 'Thunder Labs',
      completed_on: '2024-03',
      process_days: 19,
      round_count: 2,
      rounds: [{ round: 'Other' }, { round: null }],
      author: 'Some Candidate',
      is_mine: false,
    });
    expect(previewCard({ ...form, show_username: true }, 'ada').author).toBe('ada');
  });
});
