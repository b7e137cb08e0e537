import { AuthUser, createQuestionSchema, createSessionSchema, fieldErrors, PracticeSession } from '@app/contracts';
import { AppError, Tx } from '@app/service-kit';
import { z } from 'zod';
import type { PracticeConfig } from '../config';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';

const messages = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};
const qid = '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60';
/** Control characters cannot be typed into the title field, only injected. */
const typed = 'Title can only contain characters you can type (no tabs or line breaks)';
const valid = { question_id: qid, correctness: 50, confidence: 50, timer: 10, notes: null };

describe('what the edge accepts', () => {
  it.each([
    [{}, { title: 'Title is required', difficulty: 'Difficulty is required' }],
    [{ title: '  ', difficulty: 'Easy' }, { title: 'Title is required' }],
    [{ title: 7, difficulty: 'Easy' }, { title: 'Title is required' }],
    [{ title: 'x', difficulty: 'easy' }, { difficulty: 'Difficulty "easy" is not one of Easy, Medium, Hard' }],
    [{ title: 'x', difficulty: 3 }, { difficulty: 'Difficulty must be one of Easy, Medium, Hard' }],
    [{ title: 'x'.repeat(201), difficulty: 'Easy' }, { title: 'Title must not be longer than 200 characters' }],
    [{ title: 'x'.repeat(200), difficulty: 'Hard' }, {}],
    [{ title: 'Two Sum\rEND:VEVENT', difficulty: 'Easy' }, { title: typed }],
    [{ title: 'Two\nSum', difficulty: 'Easy' }, { title: typed }],
    [{ title: 'Two\tSum', difficulty: 'Easy' }, { title: typed }],
    [{ title: 'Two\u0000Sum', difficulty: 'Easy' }, { title: typed }],
    [{ title: 'Two\u0085Sum', difficulty: 'Easy' }, { title: typed }],
    [{ title: '  Two Sum\n', difficulty: 'Easy' }, {}],
    [{ title: 'x', difficulty: 'Easy', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, { tags: 'At most 20 tags' }],
    [{ title: 'x', difficulty: 'Easy', tags: `${Array.from({ length: 20 }, (_, i) => `t${i}`).join(', ')},,` }, {}],
    [{ title: 'x', difficulty: 'Easy', tags: 'a'.repeat(501) }, { tags: 'Tags must not be longer than 500 characters' }],
    [{ title: 'x', difficulty: 'Easy', tags: 5 }, { tags: 'Tags must be comma-separated text' }],
  ])('question %j', (value, expected) => expect(messages(createQuestionSchema, value)).toEqual(expected));

  it.each([
    ['a, b,,c', 'a,b,c'],
    [' , ,', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('tags %j are stored as %j', (tags, stored) =>
    expect(createQuestionSchema.parse({ title: ' Two Sum ', difficulty: 'Easy', tags })).toEqual({ title: 'Two Sum', difficulty: 'Easy', tags: stored }),
  );

  it.each([
    [
      {},
      {
        question_id: 'Invalid question ID',
        correctness: 'Correctness must be a whole number from 0 to 100',
        confidence: 'Confidence must be a whole number from 0 to 100',
        timer: 'Time must be a positive number of minutes',
      },
    ],
    [{ question_id: 'abc' }, { question_id: 'Invalid question ID' }],
    [{ correctness: '50' }, { correctness: 'Correctness must be a whole number from 0 to 100' }],
    [{ correctness: -1 }, { correctness: 'Correctness must be a whole number from 0 to 100' }],
    [{ confidence: 100.5 }, { confidence: 'Confidence must be a whole number from 0 to 100' }],
    [{ timer: -1 }, { timer: 'Time must be a positive number of minutes' }],
    [{ timer: 11.9 }, {}],
    [{ timer: 1441 }, { timer: 'Time must be at most 1440 minutes' }],
    [{ notes: 'x'.repeat(5001) }, { notes: 'Notes must not be longer than 5000 characters' }],
    [{ notes: 3 }, { notes: 'Notes must be text' }],
    [{ errors: 'wrong_answer' }, { errors: 'Errors must be a list of error type ids' }],
    [{ errors: Array(9).fill('wrong_answer') }, { errors: 'Too many errors' }],
    [{ submissions: 11 }, { submissions: 'Submissions must be a whole number from 0 to 10' }],
    [{ submissions: -1 }, { submissions: 'Submissions must be a whole number from 0 to 10' }],
    [{ submissions: 1.5 }, { submissions: 'Submissions must be a whole number from 0 to 10' }],
    [{ submissions: '2' }, { submissions: 'Submissions must be a whole number from 0 to 10' }],
    [{ errors: [], submissions: 0, timer: 0, correctness: 0, confidence: 100, notes: '' }, {}],
  ])('session %j', (change, expected) => expect(messages(createSessionSchema, Object.keys(change).length ? { ...valid, ...change } : {})).toEqual(expected));

  it('stores blank notes as null', () => expect(createSessionSchema.parse({ ...valid, notes: '   ' }).notes).toBeNull());
});

describe('QuestionsService.logSession', () => {
  const user: AuthUser = { id: '11111111-1111-4111-8111-111111111111' } as AuthUser;
  const setup = (owned = true) => {
    const inserted: Array<Omit<PracticeSession, 'id' | 'created_at'>> = [];
    const tx = { query: jest.fn(), afterCommit: jest.fn() } as unknown as Tx;
    const repo = {
      db: { transaction: (work: (t: Tx) => Promise<unknown>) => work(tx) },
      lockOwned: jest.fn(async () => (owned ? { schedule: null } : undefined)),
      holdReviewCaps: jest.fn(async () => undefined),
      setSchedule: jest.fn(async () => undefined),
      insertSession: jest.fn(async (_tx: Tx, s: Omit<PracticeSession, 'id' | 'created_at'>) => {
        inserted.push(s);
        return { ...s, id: '22222222-2222-4222-8222-222222222222', created_at: '2026-06-01T12:00:00.000Z' };
      }),
    } as unknown as QuestionsRepository;
    return { service: new QuestionsService(repo, { PRACTICE_LIST_CACHE_MB: 1 } as PracticeConfig), inserted };
  };

  it('computes correctness and confidence itself from errors and submissions, whatever the client sent', async () => {
    const { service, inserted } = setup();
    await service.logSession(user, qid, {
      ...valid,
      correctness: 100,
      confidence: 100,
      timer: 7,
      errors: ['runtime_error', 'compilation_error'],
      submissions: 4,
    });
    expect(inserted[0]).toMatchObject({
      correctness: 30,
      confidence: 100 - 5 * 3 - 20 * 3,
      timer: 7,
      errors: ['runtime_error', 'compilation_error'],
      submissions: 4,
    });
  });

  it('keeps the client’s scores when errors or submissions are missing', async () => {
    const { service, inserted } = setup();
    await service.logSession(user, qid, { ...valid, correctness: 90, confidence: 40, errors: ['wrong_answer'] });
    await service.logSession(user, qid, { ...valid, correctness: 90, confidence: 40, submissions: 1 });
    expect(inserted.map((s) => [s.correctness, s.confidence])).toEqual([
      [90, 40],
      [90, 40],
    ]);
  });

  it('refuses a body naming another question, and unknown error types, before touching the database', async () => {
    const { service, inserted } = setup();
    await expect(service.logSession(user, qid, { ...valid, question_id: '33333333-3333-4333-8333-333333333333' })).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { question_id: 'Invalid question ID' },
    });
    await expect(service.logSession(user, qid, { ...valid, errors: ['nope'], submissions: 1 })).rejects.toMatchObject({
      fields: { errors: 'Unknown error type: nope' },
    });
    expect(inserted).toEqual([]);
  });

  it('answers 404 for a question that is not the caller’s, and stores nothing', async () => {
    const { service, inserted } = setup(false);
    const error = await service.logSession(user, qid, valid).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found' });
    expect(inserted).toEqual([]);
  });
});
