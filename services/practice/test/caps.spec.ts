import request from 'supertest';
import { capMessages, caps, createQuestionSchema, limits, pageSizes, tagsMax } from '@app/contracts';
import { env, startPractice, svc } from './fixtures';

jest.setTimeout(60_000);

describe('practice: what one account may make, and lists a page at a time', () => {
  startPractice();

  const newAccount = async () => {
    const user = env.newUser();
    return { id: user.id, auth: await env.authHeader(user) };
  };

  /** Questions made straight in the table, as if added one by one over months. */
  const seedQuestions = async (userId: string, n: number) => {
    const { rows } = await svc.db.query<{ id: string }>(
      `INSERT INTO leetcode_questions (user_id, title, difficulty, tags)
       SELECT $1, 'Seeded problem number ' || i, 'Medium', 'arrays,graphs' FROM generate_series(1, $2::int) AS i RETURNING id`,
      [userId, n],
    );
    return rows.map((r) => r.id);
  };

  /** Reviews made straight in the table, `hoursAgo` hours ago (one millisecond apart). */
  const seedReviews = async (userId: string, questionId: string, n: number, hoursAgo = 1) => {
    await svc.db.query(
      `INSERT INTO leetcode_sessions (user_id, question_id, correctness, confidence, timer, created_at)
       SELECT $1, $2, 80, 70, 15, now() - make_interval(hours => $4::int) - i * interval '1 millisecond' FROM generate_series(1, $3::int) AS i`,
      [userId, questionId, n, hoursAgo],
    );
  };

  const review = (id: string, auth: { Authorization: string }) =>
    request(svc.url).post(`/api/leetcode-questions/${id}/session`).set(auth).send({ question_id: id, correctness: 80, confidence: 70, timer: 10 });

  it(`takes exactly ${caps.questionsPerUser.toLocaleString('en-US')} questions however many arrive at once, then answers 409 with the cap`, async () => {
    const alice = await newAccount();
    await seedQuestions(alice.id, caps.questionsPerUser - 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(svc.url)
          .post('/api/leetcode-questions')
          .set(alice.auth)
          .send({ title: `Last place ${i}`, difficulty: 'Easy' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ error: { code: 'conflict', message: 'You can track at most 2,000 problems' } });
    }
    const count = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leetcode_questions WHERE user_id = $1', [alice.id]);
    expect(count.rows[0].n).toBe(caps.questionsPerUser);

    // Deleting one makes room again.
    const list = await request(svc.url).get('/api/leetcode-questions').set(alice.auth).expect(200);
    await request(svc.url).delete(`/api/leetcode-questions/${list.body[0].id}`).set(alice.auth).expect(204);
    await request(svc.url).post('/api/leetcode-questions').set(alice.auth).send({ title: 'Room again', difficulty: 'Hard' }).expect(201);
  });

  it('keeps the whole question list under 2 MB at the cap with the longest titles and tags, so it stays one answer', async () => {
    const bob = await newAccount();
    const longest = {
      title: 'T'.repeat(limits.titleMax),
      difficulty: 'Hard',
      tags: Array.from({ length: limits.listMax }, (_, i) => `${i}`.padEnd(24, 'g')).join(','),
    };
    expect(createQuestionSchema.parse(longest).tags).toHaveLength(tagsMax - 1);
    await svc.db.query(
      `INSERT INTO leetcode_questions (user_id, title, difficulty, tags)
       SELECT $1, left(i || $2, $3::int), 'Hard', $4 FROM generate_series(1, $5::int) AS i`,
      [bob.id, longest.title, limits.titleMax, longest.tags, caps.questionsPerUser],
    );
    const res = await request(svc.url).get('/api/leetcode-questions').set(bob.auth).set('Accept-Encoding', 'identity').expect(200);
    expect(res.body).toHaveLength(caps.questionsPerUser);
    expect(Number(res.headers['content-length'])).toBeLessThan(2 * 1024 * 1024);
    const zipped = await request(svc.url).get('/api/leetcode-questions').set(bob.auth).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });

  it(`logs at most ${caps.reviewsPerQuestionPerDay} reviews of one problem a day, even sent together, then 429 with when to try again`, async () => {
    const carol = await newAccount();
    const [question] = await seedQuestions(carol.id, 1);
    await seedReviews(carol.id, question, caps.reviewsPerQuestionPerDay - 1, 2);
    const answers = await Promise.all(Array.from({ length: 4 }, () => review(question, carol.auth)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: capMessages.reviewsPerQuestionPerDay } });
    // The oldest of the day's reviews is two hours old: it leaves the window in about 22 hours.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(21 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
  });

  it(`logs at most ${caps.reviewsPerDay} reviews a day over all problems; reviews older than a day do not count`, async () => {
    const dan = await newAccount();
    const questions = await seedQuestions(dan.id, 12);
    for (const q of questions.slice(0, 10)) await seedReviews(dan.id, q, caps.reviewsPerDay / 10, 3);
    // Yesterday's reviews are out of the window.
    await seedReviews(dan.id, questions[10], 50, 25);
    const refused = await review(questions[11], dan.auth).expect(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: 'You can log at most 200 reviews a day' });

    const erin = await newAccount();
    const [q1, q2, q3] = await seedQuestions(erin.id, 3);
    await seedReviews(erin.id, q1, caps.reviewsPerDay - 1, 1);
    await seedReviews(erin.id, q1, 100, 30);
    const both = await Promise.all([review(q2, erin.auth), review(q3, erin.auth)]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 429]);
  });

  it('pages the sessions newest first with X-Next-Cursor, every session once, and refuses a bad page', async () => {
    const fay = await newAccount();
    const [q1, q2] = await seedQuestions(fay.id, 2);
    await seedReviews(fay.id, q1, 150, 30);
    await seedReviews(fay.id, q2, 60, 40);

    const walk = async (path: string) => {
      const seen: Array<{ id: string; created_at: string; question_id: string }> = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await request(svc.url)
          .get(path)
          .query(cursor ? { cursor } : {})
          .set(fay.auth)
          .expect(200);
        seen.push(...res.body);
        sizes.push(res.body.length);
        cursor = res.headers['x-next-cursor'];
      } while (cursor);
      return { seen, sizes };
    };

    const all = await walk('/api/leetcode-questions/sessions');
    expect(all.sizes).toEqual([pageSizes.sessionsDefault, pageSizes.sessionsDefault, 10]);
    expect(new Set(all.seen.map((s) => s.id)).size).toBe(210);
    const times = all.seen.map((s) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const ofOne = await walk(`/api/leetcode-questions/${q2}/sessions`);
    expect(ofOne.sizes).toEqual([60]);
    expect(ofOne.seen.every((s) => s.question_id === q2)).toBe(true);

    const small = await request(svc.url).get('/api/leetcode-questions/sessions').query({ limit: 7 }).set(fay.auth).expect(200);
    expect(small.body).toHaveLength(7);
    expect(small.headers['x-next-cursor']).toBeDefined();

    const tooMany = await request(svc.url).get('/api/leetcode-questions/sessions').query({ limit: 101 }).set(fay.auth).expect(400);
    expect(tooMany.body.error).toMatchObject({ code: 'validation_failed', message: 'Limit must be a whole number from 1 to 100' });
    const forged = await request(svc.url).get('/api/leetcode-questions/sessions').query({ cursor: 'bm90IGEgY3Vyc29y' }).set(fay.auth).expect(400);
    expect(forged.body.error).toMatchObject({ code: 'validation_failed', message: 'Invalid cursor' });
  });
});
