import { describeDesignScene, designGaps, isProblemTopic, voiceReportSchema } from '@app/contracts';
import { asksForTime, coverage, maxProbes, nextTurn, saysDontKnow } from './assessment';
import { ConceptKey, concepts } from './concepts';
import { interviewPlan, PlanContext } from './plan';
import { questionBank } from './question-bank';
import { interviewReport } from './report';

const twoSum = questionBank.find((q) => q.question.startsWith('Given an array of integers, how would you find two numbers'))!;
const strong =
  'I would walk the array once and keep a hash map from each value to its index. For every number I look up target minus the number. ' +
  'That is O of n time and O of n space. Edge cases: an empty array, duplicates, and no pair at all.';
const weak = 'I would use two loops and check every pair of numbers.';
const fresh = { probes: 0, hinted: false };
const context: PlanContext = { seed: 'session-a', company: null, level: null, topics: [], minutes: 20 };

describe('the question bank', () => {
  it('holds at least 60 questions over coding, system design and behavioural, each with the concepts a good answer covers', () => {
    expect(questionBank.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(questionBank.map((q) => q.kind));
    expect(kinds).toEqual(new Set(['coding', 'system design', 'behavioural']));
    for (const q of questionBank) {
      expect(q.concepts.length).toBeGreaterThanOrEqual(3);
      expect(q.hint.length).toBeGreaterThan(10);
    }
    expect(new Set(questionBank.map((q) => q.question)).size).toBe(questionBank.length);
  });

  it('names the problem topics of every coding question by catalogue tag, so its next step finds problems to practise', () => {
    const coding = questionBank.filter((q) => q.kind === 'coding');
    expect(coding.filter((q) => !q.topics.some(isProblemTopic)).map((q) => q.question)).toEqual([]);
  });
});

describe('concept detection', () => {
  it('hears every concept by its own name, as a candidate would say it', () => {
    for (const key of Object.keys(concepts) as ConceptKey[]) expect([key, coverage([key], `I would use ${concepts[key].name}.`).covered]).toEqual([key, [key]]);
  });

  it.each([
    ['hashmap', true],
    ['a hash table', true],
    ['a dictionary of counts', true],
    ['two nested loops', false],
  ])('"%s" says hash map: %s', (answer, expected) => {
    expect(coverage(['hashMap'], answer).covered.includes('hashMap')).toBe(expected);
  });

  it.each([
    ['It runs in O(n) time.', true],
    ['o of n log n', true],
    ['big O of n squared', true],
    ['linear time', true],
    ['I put it on the list', false],
  ])('"%s" states complexity: %s', (answer, expected) => {
    expect(coverage(['timeComplexity'], answer).covered).toEqual(expected ? ['timeComplexity'] : []);
  });

  it('finds the parts of a STAR story', () => {
    const story =
      'At my last job our team had a release due. I was responsible for the payment service. I proposed splitting the migration, ' +
      'and as a result we shipped on time.';
    expect(coverage(['situation', 'task', 'action', 'result'], story).missed).toEqual([]);
    expect(coverage(['situation', 'task', 'action', 'result'], 'I proposed a new design.').covered).toEqual(['action']);
  });

  it('takes "I don\'t know" and silence for being stuck, but not a long answer that mentions it', () => {
    expect(saysDontKnow("Hmm, I don't know.")).toBe(true);
    expect(saysDontKnow('(no words recognised)')).toBe(true);
    expect(saysDontKnow('not sure honestly')).toBe(true);
    expect(saysDontKnow(strong)).toBe(false);
  });

  it('hears a request for time ("let me think") only when that is all that was said', () => {
    for (const held of ['Let me think.', 'Hmm, let me think about it.', 'Give me a moment please', 'OK, one second.', 'Just a sec', 'Hold on.', 'let me see'])
      expect([held, asksForTime(held)]).toEqual([held, true]);
    for (const answer of ['Let me think: I would use a hash map.', strong, "I don't know.", '', 'think'])
      expect([answer, asksForTime(answer)]).toEqual([answer, false]);
  });
});

describe('the next turn follows the answer', () => {
  it('moves on after a strong answer, probes the first missing concept after a weak one, hints after "I don\'t know"', () => {
    const afterStrong = nextTurn(twoSum, strong, strong, fresh);
    const afterWeak = nextTurn(twoSum, weak, weak, fresh);
    const afterStuck = nextTurn(twoSum, "I don't know", "I don't know", fresh);
    expect(afterStrong).toEqual({ kind: 'move on', complete: true });
    expect(afterWeak).toMatchObject({ kind: 'probe', concept: 'hashMap' });
    expect(afterStuck).toMatchObject({ kind: 'hint', text: expect.stringContaining(twoSum.hint) });
  });

  it('probes what is still missing from everything said to the question, then moves on when probes run out or time is short', () => {
    const both = `${weak} Oh, a hash map from value to index would make it one pass.`;
    expect(nextTurn(twoSum, both, 'a hash map', { probes: 1, hinted: false })).toMatchObject({ kind: 'probe', concept: 'timeComplexity' });
    expect(nextTurn(twoSum, weak, weak, { probes: maxProbes, hinted: false })).toEqual({ kind: 'move on', complete: false });
    expect(nextTurn(twoSum, weak, weak, fresh, true)).toEqual({ kind: 'move on', complete: false });
    // A second "I don't know" after the hint moves on; an untranscribed answer is not taken for one.
    expect(nextTurn(twoSum, 'no idea', 'no idea', { probes: 0, hinted: true })).toEqual({ kind: 'move on', complete: false });
    expect(nextTurn(twoSum, '', undefined, fresh)).toMatchObject({ kind: 'probe' });
  });

  it('probes what the drawing lacks before what the answer left out, once each, and not what the candidate has said', () => {
    const shortener = questionBank.find((q) => q.question.includes('URL shortener'))!;
    const drawing = describeDesignScene({
      elements: [
        { id: 'app', type: 'rectangle' },
        { id: 'app-label', type: 'text', text: 'App server', containerId: 'app' },
        { id: 'db', type: 'rectangle' },
        { id: 'db-label', type: 'text', text: 'URL database', containerId: 'db' },
        { id: 'arrow', type: 'arrow', startBinding: { elementId: 'app' }, endBinding: { elementId: 'db' } },
      ],
    });
    const gaps = designGaps(drawing, shortener.concepts);
    const answer = `I would cover ${shortener.concepts.map((key) => concepts[key].name).join(', ')}.`;
    // The answer covers every concept of the question; the drawing still lacks a replica (the cache was said aloud).
    expect(nextTurn(shortener, answer, answer, fresh)).toEqual({ kind: 'move on', complete: true });
    expect(nextTurn(shortener, answer, answer, fresh, false, gaps)).toEqual({ kind: 'probe', concept: 'replication', text: gaps[1].probe, fromDrawing: true });
    expect(nextTurn(shortener, answer, answer, { ...fresh, drawingProbed: ['replication'] }, false, gaps)).toEqual({ kind: 'move on', complete: true });
    expect(nextTurn(shortener, 'Clients send a long URL.', 'Clients send a long URL.', fresh, false, gaps)).toMatchObject({
      concept: 'caching',
      fromDrawing: true,
    });
  });
});

describe('the interview plan', () => {
  const mainQuestions = (c: PlanContext) =>
    interviewPlan(c)
      .items.filter((i) => i.stage === 'main')
      .map((i) => i.question!.question);

  it("goes introduction, main questions, behavioural, then the candidate's questions; 2 main for 10 minutes, 3 for 20", () => {
    const planned = (minutes: 10 | 20) =>
      interviewPlan({ ...context, minutes })
        .items.filter((i) => !i.whenTimeAllows)
        .map((i) => i.stage);
    expect(planned(20)).toEqual(['introduction', 'main', 'main', 'main', 'behavioural', 'behavioural', 'candidate questions']);
    expect(planned(10)).toEqual(['introduction', 'main', 'main', 'behavioural', 'candidate questions']);
    expect(interviewPlan({ ...context, minutes: 10 }).items[0].text).toContain('This is a 10 minute interview');
  });

  it('holds twelve more coding questions for when time allows, after the behavioural ones and none asked twice', () => {
    const { items } = interviewPlan(context);
    const extras = items.filter((i) => i.whenTimeAllows);
    expect(extras).toHaveLength(12);
    expect(extras.every((i) => i.stage === 'main' && i.question!.kind === 'coding')).toBe(true);
    expect(extras[0].text).toMatch(/^We still have some time, so here is one more technical question\. .+ Take your time and think out loud\.$/);
    expect(items.slice(-13).map((i) => Boolean(i.whenTimeAllows))).toEqual([...Array(12).fill(true), false]);
    const asked = items.flatMap((i) => (i.question ? [i.question.question] : []));
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('draws differently for two sessions and the same for one session', () => {
    expect(mainQuestions(context)).toEqual(mainQuestions({ ...context }));
    const draws = new Set(['a', 'b', 'c', 'd'].map((seed) => mainQuestions({ ...context, seed }).join('|')));
    expect(draws.size).toBeGreaterThan(1);
    expect(mainQuestions({ ...context, seed: 'session-b' })).not.toEqual(mainQuestions(context));
  });

  it("favours the company's most reported topics, asks system design from mid-level up, and picks stories for the level", () => {
    const seeds = Array.from({ length: 40 }, (_, i) => `seed-${i}`);
    const graphShare =
      seeds
        .flatMap((seed) => interviewPlan({ ...context, seed, topics: ['Graph'] }).items.filter((i) => i.stage === 'main'))
        .filter((i) => i.question!.topics.includes('Graph')).length /
      (seeds.length * 3);
    expect(graphShare).toBeGreaterThan(0.2);
    const senior = interviewPlan({ ...context, company: 'Acme', level: 'Senior (L6, E5, IC3, SDE III)' });
    expect(senior.items.filter((i) => i.question?.kind === 'system design')).toHaveLength(1);
    expect(senior.items[0].text).toMatch(/for Acme at the Senior level\. .*why you would like to work at Acme/);
    expect(senior.items.filter((i) => i.stage === 'behavioural').every((i) => i.question!.seniority !== 'early')).toBe(true);
    const intern = interviewPlan({ ...context, level: 'Intern' });
    expect(intern.items.filter((i) => i.question?.kind === 'system design')).toEqual([]);
    expect(intern.items.filter((i) => i.stage === 'behavioural').every((i) => i.question!.seniority !== 'experienced')).toBe(true);
  });
});

describe('the report', () => {
  const plan = interviewPlan(context);
  const [intro, main, , , story] = plan.items;
  const figures = { candidateSpeakingMs: 60_000, agentSpeakingMs: 40_000, spokenWords: 150, spokenMs: 60_000, longestPauseMs: 2_400, answers: [] };

  it('gives no average score when no question was answered (an unanswered question scores 1: "0 of 1, average 1.0" would read as a judgement)', () => {
    const report = interviewReport([{ item: { ...main, question: twoSum }, answers: [], hinted: false }], figures, { company: null, topics: [] });
    expect(report.summary).toBe('You answered 0 of 1 question.');
  });

  it('judges each question, counts per question (never "8 of 4"), and gives three next steps into Problem Review and the company page', () => {
    const report = interviewReport(
      [
        { item: intro, answers: ['I am a backend engineer.'], hinted: false },
        { item: { ...main, question: twoSum }, answers: [weak, 'um a hash map I guess', 'like O of n'], hinted: false },
        { item: story, answers: ['At my last job I was responsible for billing. I proposed a fix and as a result we shipped.'], hinted: true },
      ],
      { ...figures, answers: [weak, 'um a hash map I guess', 'like O of n'] },
      { company: 'Acme', topics: ['Hash Table'] },
    );
    expect(voiceReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ questions_asked: 2, answers_given: 2, talk_share: 0.6, words_per_minute: 150, longest_pause_secs: 2.4 });
    expect(report.summary).toMatch(/^You answered 2 of 2 questions, with an average score of \d\.\d out of 4\.$/);
    const [coding, behavioural] = report.questions!;
    expect(coding).toMatchObject({
      kind: 'coding',
      concepts_covered: ['hash map', 'time complexity'],
      concepts_missed: ['edge cases'],
      complexity_stated: true,
      star: null,
      score: 3,
      topic: 'Hash Table',
    });
    expect(coding.answer).toContain('two loops');
    expect(behavioural).toMatchObject({ star: { situation: true, task: true, action: true, result: true }, score: 3, complexity_stated: null });
    expect(behavioural.score_reason).toMatch(/after a hint/);
    expect(report.filler_words).toEqual([
      { word: 'like', count: 1 },
      { word: 'um', count: 1 },
    ]);
    expect(report.next_steps).toHaveLength(3);
    expect(report.next_steps![0]).toMatchObject({ href: '/leetcode?tags=Hash%20Table', text: expect.stringContaining('missed edge cases') });
    expect(report.next_steps![1].href).toBe('/candidate-interviews/Acme');
  });

  it('scores an unanswered question 1 and does not score one that could not be transcribed', () => {
    const report = interviewReport(
      [
        { item: main, answers: [], hinted: false },
        { item: story, answers: ['(answer not transcribed: no offline speech recogniser is installed)'], hinted: false },
      ],
      { ...figures, spokenWords: 0, longestPauseMs: null },
      { company: null, topics: [] },
    );
    expect(report.questions!.map((q) => [q.score, q.score_reason])).toEqual([
      [1, 'Not answered.'],
      [null, 'Not scored: the answer could not be transcribed.'],
    ]);
    expect(report).toMatchObject({ questions_asked: 2, answers_given: 1, words_per_minute: null, longest_pause_secs: null });
    expect(report.next_steps![1].href).toBe('/candidate-interviews');
  });

  it('leads a weak design answer to Problem Review unfiltered: no catalogue problem is tagged System Design', () => {
    const design = questionBank.find((q) => q.kind === 'system design' && q.topics.includes('System Design'))!;
    const report = interviewReport([{ item: { ...main, question: design }, answers: [weak], hinted: false }], figures, { company: null, topics: [] });
    expect(report.questions![0].topic).toBe('System Design');
    expect(report.next_steps![0].href).toBe('/leetcode');
  });
});
