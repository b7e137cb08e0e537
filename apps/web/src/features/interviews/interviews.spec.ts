import { readdirSync } from 'node:fs';
import path from 'node:path';
import { topicLabel } from '@app/contracts';
import {
  completionLine,
  dayWithOrdinal,
  levelParts,
  logoPath,
  monogram,
  ordinal,
  practiceLink,
  previewCard,
  processDuration,
  roundsLabel,
  visibleTopics,
} from './format';
import { logoSlugs } from './components/logo-slugs';

describe('interview card wording', () => {
  it('writes ordinal days', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
    expect(dayWithOrdinal('2024-03-02')).toBe('March 2nd, 2024');
    expect(dayWithOrdinal('2023-12-31')).toBe('December 31st, 2023');
    expect(dayWithOrdinal('2024-03')).toBe('March 2024');
  });

  it('says a process still going had its last round then, not that it completed', () => {
    expect(completionLine({ outcome: 'ongoing', completed_on: '2025-12' })).toBe('Last round December 2025');
    expect(completionLine({ outcome: null, completed_on: '2025-12' })).toBe('Last round December 2025');
    expect(completionLine({ outcome: 'rejected', completed_on: '2025-12' })).toBe('Completed on December 2025');
    expect(completionLine({ outcome: 'offer', completed_on: '2024-03-20' })).toBe('Completed on March 20th, 2024');
    expect(completionLine({ outcome: 'accepted', completed_on: '2024-03' })).toBe('Completed on March 2024');
    expect(completionLine({ outcome: 'ongoing', completed_on: null })).toBe('No completion date available');
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

  it('asks only for logos that exist, and shows the initials of the others', () => {
    const files = readdirSync(path.join(__dirname, '../../../public/logos')).map((f) => f.replace(/\.png$/, ''));
    expect([...logoSlugs].sort()).toEqual(files.sort());
    expect([monogram('Jane Street'), monogram('Acme'), monogram('  tiny  co  ')]).toEqual(['JS', 'A', 'TC']);
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
