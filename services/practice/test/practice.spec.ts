import { randomUUID } from 'node:crypto';
import { connect, StringCodec } from 'nats';
import request from 'supertest';
import { errorTypeCatalogue, practiceSummarySchema, questionListItemSchema, retentionScore, ScheduleCard, scheduleReview, sessionSchema } from '@app/contracts';
import { TestUser } from '@app/service-kit/testing';
import { practiceService } from '../src';
import { env, startPractice, svc } from './fixtures';

describe('practice', () => {
  let alice: TestUser;
  let bob: TestUser;
  let asAlice: { Authorization: string };
  let asBob: { Authorization: string };

  startPractice();

  beforeAll(async () => {
    alice = env.newUser();
    bob = env.newUser();
    asAlice = await env.authHeader(alice);
    asBob = await env.authHeader(bob);
  });

  // Titles are unique per user (ignoring case): each default question gets its own.
  let added = 0;
  const addQuestion = async (body: Record<string, unknown> = { title: `Two Sum ${++added}`, difficulty: 'Easy', tags: 'arrays' }, auth = asAlice) =>
    (await request(svc.url).post('/api/leetcode-questions').set(auth).send(body).expect(201)).body.data;

  const logSession = (id: string, body: Record<string, unknown>, auth = asAlice) =>
    request(svc.url)
      .post(`/api/leetcode-questions/${id}/session`)
      .set(auth)
      .send({ question_id: id, correctness: 80, confidence: 70, timer: 20, notes: null, ...body });

  it('needs a token everywhere', async () => {
    await request(svc.url).get('/api/leetcode-questions').expect(401);
    await request(svc.url).get('/api/error-types').expect(401);
  });

  it('serves the eight error types with their deductions', async () => {
    const res = await request(svc.url).get('/api/error-types').set(asAlice).expect(200);
    // The contract's catalogue itself, in its order: there is no seeded copy left to drift.
    expect(res.body).toEqual(errorTypeCatalogue);
    expect((await svc.db.query("SELECT to_regclass('error_types') AS t")).rows[0].t).toBeNull();
    expect(Object.fromEntries(res.body.map((e: { name: string; score_impact: number }) => [e.name, e.score_impact]))).toEqual({
      'Time Limit Exceeded': 20,
      'Memory Limit Exceeded': 20,
      'Runtime Error': 30,
      'Compilation Error': 40,
      'Wrong Answer': 50,
      'Edge Case Missed': 30,
      'Incorrect Algorithm': 60,
      'Incorrect Data Structure': 50,
    });
  });

  it('adds a question, normalising tags', async () => {
    const q = await addQuestion({ title: '  Valid Anagram ', difficulty: 'Medium', tags: 'strings, hash table,, sorting ' });
    expect(q).toEqual({
      id: expect.any(String),
      title: 'Valid Anagram',
      difficulty: 'Medium',
      tags: 'strings,hash table,sorting',
      created_at: expect.any(String),
    });
    expect((await addQuestion({ title: 'No Tags', difficulty: 'Hard', tags: ' , ' })).tags).toBeNull();
    expect((await addQuestion({ title: 'Null Tags', difficulty: 'Hard', tags: null })).tags).toBeNull();
  });

  it.each([
    [{ difficulty: 'Easy' }, { title: 'Title is required' }],
    [{ title: '   ', difficulty: 'Easy' }, { title: 'Title is required' }],
    [{ title: 'x' }, { difficulty: 'Difficulty is required' }],
    [{ title: 'x', difficulty: 'Trivial' }, { difficulty: 'Difficulty "Trivial" is not one of Easy, Medium, Hard' }],
    [{ title: 'x'.repeat(201), difficulty: 'Easy' }, { title: 'Title must not be longer than 200 characters' }],
    [{ title: 'x', difficulty: 'Easy', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, { tags: 'At most 20 tags' }],
    [{ title: 'x', difficulty: 'Easy', tags: 'a'.repeat(501) }, { tags: 'Tags must not be longer than 500 characters' }],
    [{ title: 'x', difficulty: 'Easy', tags: ['a'] }, { tags: 'Tags must be comma-separated text' }],
    [{}, { title: 'Title is required', difficulty: 'Difficulty is required' }],
  ])('refuses the question %j', async (body, fields) => {
    const res = await request(svc.url).post('/api/leetcode-questions').set(asAlice).send(body).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message: Object.values(fields)[0], fields });
  });

  it('computes correctness and confidence itself when errors and submissions come', async () => {
    const q = await addQuestion();
    const res = await logSession(q.id, {
      correctness: 100,
      confidence: 100,
      timer: 10,
      errors: ['wrong_answer', 'edge_case_missed'],
      submissions: 3,
      notes: 'off by one',
    }).expect(201);
    expect(res.body.data).toMatchObject({
      question_id: q.id,
      user_id: alice.id,
      correctness: 20,
      confidence: 35,
      timer: 10,
      notes: 'off by one',
      errors: ['wrong_answer', 'edge_case_missed'],
      submissions: 3,
    });
  });

  it('takes fractional minutes: 11.9 min with one submission is confidence 75 (5 full 120 s)', async () => {
    const q = await addQuestion();
    const res = await logSession(q.id, { correctness: 0, confidence: 0, timer: 11.9, errors: [], submissions: 1 }).expect(201);
    expect(res.body.data).toMatchObject({ correctness: 100, confidence: 75, timer: 11.9 });
    const summary = practiceSummarySchema.parse((await request(svc.url).get('/api/leetcode-questions/summary').set(asAlice).expect(200)).body);
    expect(summary.total_reviews).toBeGreaterThan(0);
  });

  it('refuses a title the caller already tracks, ignoring case, with 409; another user may use it', async () => {
    await addQuestion({ title: 'Course Schedule', difficulty: 'Medium' });
    const res = await request(svc.url).post('/api/leetcode-questions').set(asAlice).send({ title: '  course SCHEDULE ', difficulty: 'Hard' }).expect(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: 'You already track a problem with this title',
      fields: { title: 'You already track a problem with this title' },
    });
    await addQuestion({ title: 'Course Schedule', difficulty: 'Medium' }, await env.authHeader(env.newUser()));
  });

  it('stores the given scores when no errors and submissions come', async () => {
    const q = await addQuestion();
    const res = await logSession(q.id, { correctness: 90, confidence: 60, timer: 15 }).expect(201);
    expect(res.body.data).toMatchObject({ correctness: 90, confidence: 60, errors: [], submissions: null, notes: null });
  });

  it.each([
    [{ question_id: 'nope' }, 'question_id', 'Invalid question ID'],
    [{ correctness: 101 }, 'correctness', 'Correctness must be a whole number from 0 to 100'],
    [{ confidence: -1 }, 'confidence', 'Confidence must be a whole number from 0 to 100'],
    [{ correctness: 50.5 }, 'correctness', 'Correctness must be a whole number from 0 to 100'],
    [{ timer: -3 }, 'timer', 'Time must be a positive number of minutes'],
    [{ timer: 1441 }, 'timer', 'Time must be at most 1440 minutes'],
    [{ timer: undefined }, 'timer', 'Time must be a positive number of minutes'],
    [{ correctness: undefined }, 'correctness', 'Correctness must be a whole number from 0 to 100'],
    [{ confidence: '70' }, 'confidence', 'Confidence must be a whole number from 0 to 100'],
    [{ question_id: undefined }, 'question_id', 'Invalid question ID'],
    [{ notes: 'x'.repeat(5001) }, 'notes', 'Notes must not be longer than 5000 characters'],
    [{ notes: 42 }, 'notes', 'Notes must be text'],
    [{ errors: 'wrong_answer', submissions: 1 }, 'errors', 'Errors must be a list of error type ids'],
    [{ errors: Array(9).fill('wrong_answer'), submissions: 1 }, 'errors', 'Too many errors'],
    [{ submissions: -1, errors: [] }, 'submissions', 'Submissions must be a whole number from 0 to 10'],
    [{ submissions: 1.5, errors: [] }, 'submissions', 'Submissions must be a whole number from 0 to 10'],
    [{ submissions: 11, errors: [] }, 'submissions', 'Submissions must be a whole number from 0 to 10'],
    [{ errors: ['made_up'], submissions: 1 }, 'errors', 'Unknown error type: made_up'],
  ])('refuses the session %j', async (body, field, message) => {
    const q = await addQuestion();
    const res = await logSession(q.id, body).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('refuses a session whose question_id differs from the path', async () => {
    const q = await addQuestion();
    const res = await logSession(q.id, { question_id: randomUUID() }).expect(400);
    expect(res.body.error.fields).toEqual({ question_id: 'Invalid question ID' });
  });

  it('lists questions with retention equal to the shared function over the stored sessions', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const q = await addQuestion({ title: 'Retained', difficulty: 'Medium' }, auth);
    const untouched = await addQuestion({ title: 'Untouched', difficulty: 'Hard' }, auth);
    for (const [c, f, t] of [
      [40, 30, 30],
      [70, 60, 20],
      [90, 80, 15],
      [100, 95, 90],
    ]) {
      await logSession(q.id, { correctness: c, confidence: f, timer: t }, auth).expect(201);
    }
    // Age the sessions so decay matters too.
    await svc.db.query("UPDATE leetcode_sessions SET created_at = created_at - interval '9 days' WHERE question_id = $1", [q.id]);
    await svc.db.query('SELECT refresh_question_summary($1)', [q.id]);
    const list = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body;
    const sessions = (await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(auth).expect(200)).body;
    const item = list.find((x: { id: string }) => x.id === q.id);
    expect(item.session_count).toBe(4);
    expect(item.last_solved_at).toBe(sessions[0].created_at);
    expect(item.retention).toBe(retentionScore(sessions));
    expect(item.retention).toBeGreaterThan(0);
    expect(list.find((x: { id: string }) => x.id === untouched.id)).toMatchObject({ retention: null, session_count: 0, last_solved_at: null });
  });

  it('keeps the list’s summary exact when reviews of one question arrive at once', async () => {
    const q = await addQuestion();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => logSession(q.id, { correctness: i * 10, timer: i })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const item = (await request(svc.url).get('/api/leetcode-questions').set(asAlice).expect(200)).body.find((x: { id: string }) => x.id === q.id);
    const sessions = (await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(asAlice).expect(200)).body;
    expect(item.session_count).toBe(8);
    expect(item.last_solved_at).toBe(sessions[0].created_at);
    expect(item.retention).toBe(retentionScore(sessions));
  });

  it('never serves a list older than the caller’s last change', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const q = await addQuestion(undefined, auth);
    const count = async () =>
      (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body.find((x: { id: string }) => x.id === q.id)?.session_count;
    expect(await count()).toBe(0);
    await logSession(q.id, {}, auth).expect(201);
    expect(await count()).toBe(1);
    const other = await addQuestion({ title: 'Second', difficulty: 'Hard' }, auth);
    expect((await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body.map((x: { id: string }) => x.id)).toEqual([other.id, q.id]);
    // Written behind the service's back, the list still follows (the version is a trigger's).
    await svc.db.query("UPDATE leetcode_questions SET title = 'Renamed' WHERE id = $1", [other.id]);
    expect((await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body[0].title).toBe('Renamed');
    await request(svc.url).delete(`/api/leetcode-questions/${q.id}`).set(auth).expect(204);
    expect(await count()).toBeUndefined();
    await request(svc.url).delete(`/api/leetcode-questions/${other.id}`).set(auth).expect(204);
    expect((await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body).toEqual([]);
  });

  it('says after a series of changes exactly what a replica building the list afresh says', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const list = async (url: string) => (await request(url).get('/api/leetcode-questions').set(auth).expect(200)).body;
    const qs = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) qs.push(await addQuestion({ title, difficulty: 'Medium' }, auth));
    await list(svc.url); // this replica now keeps the list and updates it incrementally
    await logSession(qs[2].id, { correctness: 40, confidence: 30 }, auth).expect(201);
    await list(svc.url);
    await request(svc.url).delete(`/api/leetcode-questions/${qs[1].id}`).set(auth).expect(204);
    const six = await addQuestion({ title: 'Six', difficulty: 'Hard' }, auth);
    await logSession(six.id, { errors: ['wrong_answer'], submissions: 2, timer: 12 }, auth).expect(201);
    await logSession(qs[2].id, { correctness: 90, confidence: 80 }, auth).expect(201);
    const kept = await list(svc.url);

    const fresh = await env.start(practiceService, { DATABASE_SCHEMA: svc.config.DATABASE_SCHEMA });
    try {
      expect(kept).toEqual(await list(fresh.url));
      expect(kept.map((q: { title: string }) => q.title)).toEqual(['Six', 'Five', 'Four', 'Three', 'One']);
      expect(kept.find((q: { title: string }) => q.title === 'Three')).toMatchObject({ session_count: 2 });
    } finally {
      await env.stop(fresh);
    }
  });

  it('lists all the caller’s sessions newest first', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const q1 = await addQuestion(undefined, auth);
    const q2 = await addQuestion(undefined, auth);
    await logSession(q1.id, { notes: 'first' }, auth).expect(201);
    await logSession(q2.id, { notes: 'second' }, auth).expect(201);
    const res = await request(svc.url).get('/api/leetcode-questions/sessions').set(auth).expect(200);
    expect(res.body.map((s: { notes: string }) => s.notes)).toEqual(['second', 'first']);
  });

  it('sums the caller’s reviews per difficulty and their mean time, from what is stored', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const summary = () => request(svc.url).get('/api/leetcode-questions/summary').set(auth).expect(200);
    expect((await summary()).body).toEqual({
      total_reviews: 0,
      reviews_by_difficulty: { Easy: 0, Medium: 0, Hard: 0 },
      solved_questions: 0,
      average_minutes: null,
    });

    const easy = await addQuestion({ title: 'Easy one', difficulty: 'Easy' }, auth);
    const hard = await addQuestion({ title: 'Hard one', difficulty: 'Hard' }, auth);
    await addQuestion({ title: 'Not yet reviewed', difficulty: 'Medium' }, auth);
    await logSession(easy.id, { timer: 10 }, auth).expect(201);
    await logSession(easy.id, { timer: 15 }, auth).expect(201);
    await logSession(hard.id, { timer: 50 }, auth).expect(201);
    const someoneElse = await env.authHeader(env.newUser());
    await logSession((await addQuestion(undefined, someoneElse)).id, { timer: 999 }, someoneElse).expect(201);
    const body = practiceSummarySchema.strict().parse((await summary()).body);
    expect(body).toEqual({ total_reviews: 3, reviews_by_difficulty: { Easy: 2, Medium: 0, Hard: 1 }, solved_questions: 2, average_minutes: 25 });

    const sessions = (await request(svc.url).get('/api/leetcode-questions/sessions').set(auth).expect(200)).body;
    expect(body.total_reviews).toBe(sessions.length);
    expect(body.average_minutes).toBe(Math.round(sessions.reduce((sum: number, s: { timer: number }) => sum + s.timer, 0) / sessions.length));

    await request(svc.url).delete(`/api/leetcode-questions/${hard.id}`).set(auth).expect(204);
    expect((await summary()).body).toEqual({
      total_reviews: 2,
      reviews_by_difficulty: { Easy: 2, Medium: 0, Hard: 0 },
      solved_questions: 1,
      average_minutes: 13,
    });
    await request(svc.url).get('/api/leetcode-questions/summary').expect(401);
  });

  it('keeps questions and sessions to their owner, both ways', async () => {
    const mine = await addQuestion({ title: 'Alice only', difficulty: 'Easy' }, asAlice);
    await logSession(mine.id, {}, asAlice).expect(201);
    const theirs = await addQuestion({ title: 'Bob only', difficulty: 'Easy' }, asBob);

    const bobsList = (await request(svc.url).get('/api/leetcode-questions').set(asBob).expect(200)).body;
    expect(bobsList.map((q: { id: string }) => q.id)).toEqual([theirs.id]);
    await request(svc.url).get(`/api/leetcode-questions/${mine.id}/sessions`).set(asBob).expect(404);
    await logSession(mine.id, {}, asBob).expect(404);
    await request(svc.url).delete(`/api/leetcode-questions/${mine.id}`).set(asBob).expect(404);
    const bobsSessions = (await request(svc.url).get('/api/leetcode-questions/sessions').set(asBob).expect(200)).body;
    expect(bobsSessions).toEqual([]);

    await request(svc.url).get(`/api/leetcode-questions/${theirs.id}/sessions`).set(asAlice).expect(404);
    await request(svc.url).delete(`/api/leetcode-questions/${theirs.id}`).set(asAlice).expect(404);
    await request(svc.url).get('/api/leetcode-questions/not-a-uuid/sessions').set(asAlice).expect(404);
  });

  it('deletes a question with its sessions (204)', async () => {
    const q = await addQuestion();
    await logSession(q.id, {}).expect(201);
    await request(svc.url).delete(`/api/leetcode-questions/${q.id}`).set(asAlice).expect(204);
    await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(asAlice).expect(404);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM leetcode_sessions WHERE question_id = $1', [q.id]);
    expect(rows[0].n).toBe(0);
  });

  describe('due dates', () => {
    const replay = (sessions: Array<{ correctness: number; confidence: number; timer: number; created_at: string }>) =>
      [...sessions].reverse().reduce<ScheduleCard | null>((card, x) => scheduleReview(card, x, new Date(x.created_at)), null)!.due;

    it('are due from when added, then follow FSRS over the reviews logged', async () => {
      const auth = await env.authHeader(env.newUser());
      const q = await addQuestion({ title: 'Due Soon', difficulty: 'Medium' }, auth);
      const list = async () => (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body.find((x: { id: string }) => x.id === q.id);
      const fresh = await list();
      expect(Math.abs(Date.parse(fresh.due_at) - Date.parse(q.created_at))).toBeLessThan(1000);

      await logSession(q.id, { errors: [], submissions: 1, timer: 8 }, auth).expect(201);
      const sessions = async () => (await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(auth).expect(200)).body;
      const afterGood = await list();
      expect(afterGood.due_at).toBe(replay(await sessions()));
      expect(Date.parse(afterGood.due_at) - Date.now()).toBeGreaterThan(86_400_000);

      await logSession(q.id, { errors: ['incorrect_algorithm'], submissions: 4, timer: 50 }, auth).expect(201);
      const afterLapse = await list();
      expect(afterLapse.due_at).toBe(replay(await sessions()));
      expect(Date.parse(afterLapse.due_at)).toBeLessThan(Date.parse(afterGood.due_at));
    });

    it('order the list with sort=due, earliest first, from the same kept list', async () => {
      const auth = await env.authHeader(env.newUser());
      const reviewed = await addQuestion({ title: 'Reviewed', difficulty: 'Easy' }, auth);
      const first = await addQuestion({ title: 'First Added', difficulty: 'Easy' }, auth);
      const second = await addQuestion({ title: 'Second Added', difficulty: 'Easy' }, auth);
      await logSession(reviewed.id, { errors: [], submissions: 1, timer: 5 }, auth).expect(201);
      const newest = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body;
      expect(newest.map((q: { id: string }) => q.id)).toEqual([second.id, first.id, reviewed.id]);
      const byDue = await request(svc.url).get('/api/leetcode-questions').query({ sort: 'due' }).set(auth).expect(200);
      expect(byDue.body.map((q: { id: string }) => q.id)).toEqual([first.id, second.id, reviewed.id]);
      expect(byDue.headers.etag).not.toBe((await request(svc.url).get('/api/leetcode-questions').set(auth)).headers.etag);
      const bad = await request(svc.url).get('/api/leetcode-questions').query({ sort: 'random' }).set(auth).expect(400);
      expect(bad.body.error.message).toBe('Sort must be newest or due');
    });

    it('are replayed at start for questions reviewed before due dates existed', async () => {
      const auth = await env.authHeader(env.newUser());
      const q = await addQuestion({ title: 'Reviewed Long Ago', difficulty: 'Hard' }, auth);
      await logSession(q.id, { correctness: 90, confidence: 80, timer: 25 }, auth).expect(201);
      await logSession(q.id, { correctness: 95, confidence: 95, timer: 15 }, auth).expect(201);
      await svc.db.query("UPDATE leetcode_sessions SET created_at = created_at - interval '20 days' WHERE question_id = $1", [q.id]);
      await svc.db.query('UPDATE leetcode_questions SET schedule = NULL, due_at = created_at WHERE id = $1', [q.id]);
      const again = await env.start(practiceService);
      try {
        const sessions = (await request(again.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(auth).expect(200)).body;
        const item = (await request(again.url).get('/api/leetcode-questions').set(auth).expect(200)).body.find((x: { id: string }) => x.id === q.id);
        expect(item.due_at).toBe(replay(sessions));
      } finally {
        await env.stop(again);
      }
    });
  });

  it('answers every list item and session in the contract’s shape', async () => {
    const q = await addQuestion({ title: 'Shaped', difficulty: 'Hard', tags: 'graphs' });
    const logged = (await logSession(q.id, { errors: ['runtime_error'], submissions: 2, timer: 12, notes: 'bfs' }).expect(201)).body.data;
    expect(sessionSchema.strict().parse(logged)).toEqual(logged);
    const list = (await request(svc.url).get('/api/leetcode-questions').set(asAlice).expect(200)).body;
    for (const item of list) expect(questionListItemSchema.strict().parse(item)).toEqual(item);
    expect(list.find((x: { id: string }) => x.id === q.id)).toMatchObject({
      title: 'Shaped',
      difficulty: 'Hard',
      tags: 'graphs',
      session_count: 1,
      last_solved_at: logged.created_at,
    });
    for (const s of (await request(svc.url).get('/api/leetcode-questions/sessions').set(asAlice).expect(200)).body)
      expect(sessionSchema.strict().parse(s)).toEqual(s);
  });

  it('sends the list compressed (brotli, else gzip) with an ETag, and 304 while the caller’s data is unchanged', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const q = await addQuestion({ title: 'Cached', difficulty: 'Easy' }, auth);
    const get = (headers: Record<string, string> = {}) => request(svc.url).get('/api/leetcode-questions').set(auth).set(headers);

    const plain = await get({ 'Accept-Encoding': 'identity' }).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ]) {
      const compressed = await fetch(`${svc.url}/api/leetcode-questions`, { headers: { ...auth, 'Accept-Encoding': accepted } });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get('content-encoding')).toBe(coding);
      expect(compressed.headers.get('etag')).toBe(etag);
      expect(await compressed.json()).toEqual(plain.body); // fetch decompresses
    }

    const notModified = await get({ 'If-None-Match': etag }).expect(304);
    expect(notModified.text ?? '').toBe('');
    expect(notModified.headers.etag).toBe(etag);

    await logSession(q.id, {}, auth).expect(201);
    const changed = await get({ 'If-None-Match': etag }).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body[0].session_count).toBe(1);
  });

  it('answers 404 for questions that do not exist', async () => {
    const missing = randomUUID();
    await request(svc.url).get(`/api/leetcode-questions/${missing}/sessions`).set(asAlice).expect(404);
    await request(svc.url).delete(`/api/leetcode-questions/${missing}`).set(asAlice).expect(404);
    const res = await logSession(missing, {}).expect(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', message: 'Could not find this question, sorry.' });
  });

  it('erases a user’s questions and sessions on identity.user.deleted', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const q = await addQuestion({ title: 'Soon gone', difficulty: 'Easy' }, auth);
    await logSession(q.id, {}, auth).expect(201);
    const kept = await addQuestion({ title: 'Someone else’s', difficulty: 'Easy' }, asBob);
    const nc = await connect({ servers: env.natsUrl });
    try {
      const envelope = { id: randomUUID(), type: 'identity.user.deleted', occurred_at: new Date().toISOString(), version: 1, data: { user_id: user.id } };
      const js = nc.jetstream();
      await js.publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: envelope.id });
      // A redelivery (past the duplicate window) must be harmless.
      await js.publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: randomUUID() });
    } finally {
      await nc.close();
    }
    const count = async (sql: string, id: string) => Number((await svc.db.query<{ n: string }>(sql, [id])).rows[0].n);
    for (let i = 0; i < 100 && (await count('SELECT count(*) AS n FROM leetcode_questions WHERE user_id = $1', user.id)) > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await count('SELECT count(*) AS n FROM leetcode_questions WHERE user_id = $1', user.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM leetcode_sessions WHERE user_id = $1', user.id)).toBe(0);
    expect((await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body).toEqual([]);
    expect((await request(svc.url).get('/api/leetcode-questions').set(asBob).expect(200)).body.map((x: { id: string }) => x.id)).toContain(kept.id);
    // Its access token has not expired yet, but it adds nothing any more.
    const refused = await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title: 'Back again', difficulty: 'Easy' }).expect(401);
    expect(refused.body.error.message).toBe('This account has been deleted');
    await logSession(q.id, {}, auth).expect(404);
    expect(await count('SELECT count(*) AS n FROM leetcode_questions WHERE user_id = $1', user.id)).toBe(0);
  });
});
