import { interviewPlan } from './plan';
import { questionBank } from './question-bank';
import { interviewCorpus, restatements, sessionTerms } from './vocabulary';

describe('the interview vocabulary', () => {
  it('restates a question the way an answer begins, and leaves other sentences alone', () => {
    expect(restatements('How would you reverse a singly linked list?')).toEqual([
      'to reverse a singly linked list',
      'i would reverse a singly linked list',
      'we can reverse a singly linked list',
      'so to reverse a singly linked list i would',
    ]);
    expect(restatements('Tell me about a time you mentored someone.')).toEqual([]);
  });

  it('holds every question of the bank and the terms the issue found misheard', () => {
    const corpus = interviewCorpus();
    for (const q of questionBank) expect(corpus).toContain(q.question.split(/(?<=[.?!:])\s+/)[0]);
    const text = corpus.join(' ').toLowerCase();
    for (const term of ['cache', 'recursion', 'breadth first search', 'memoization', 'hashmap', 'dequeue']) expect(text).toContain(term);
  });

  it("names the session's company, its questions' concepts and its topics once each for a prompt", () => {
    const plan = interviewPlan({ seed: 'terms', company: 'Acme', level: null, topics: ['Graph'], minutes: 10 });
    const terms = sessionTerms(plan, 'Acme', ['Graph']);
    expect(terms[0]).toBe('Acme');
    expect(terms).toContain('time complexity');
    expect(terms).toContain('Graph');
    expect(new Set(terms).size).toBe(terms.length);
  });
});
