import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventData, practiceAnalyticsSchema, retentionBands } from '@app/contracts';
import { publishEvent } from '@app/service-kit/testing';
import { env, startPractice, svc, todayIn, zoneOnAnotherDay } from './fixtures';

describe('practice analytics', () => {
  startPractice();

  const add = async (auth: { Authorization: string }, title: string, difficulty: string, tags: string | null) =>
    (await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title, difficulty, tags }).expect(201)).body.data.id as string;
  const review = (auth: { Authorization: string }, id: string, correctness: number, confidence: number, timer: number) =>
    request(svc.url).post(`/api/leetcode-questions/${id}/session`).set(auth).send({ question_id: id, correctness, confidence, timer, notes: null }).expect(201);
  const analytics = async (auth: { Authorization: string }) =>
    practiceAnalyticsSchema.parse((await request(svc.url).get('/api/leetcode-questions/analytics').set(auth).expect(200)).body);
  const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  const voiceEnded = (data: EventData<'voice.session.ended'>) => publishEvent(env, 'voice.session.ended', data);

  it('is all zeros for a new candidate', async () => {
    const body = await analytics(await env.authHeader(env.newUser()));
    expect(body).toMatchObject({
      today: utcDay(0),
      questions: 0,
      reviewed_questions: 0,
      total_reviews: 0,
      weakest_tags: [],
      average_minutes: { Easy: null, Medium: null, Hard: null },
      mock_interviews: 0,
    });
    expect(body.reviews_per_day).toHaveLength(84);
    expect(body.reviews_per_day.every((d) => d.reviews === 0)).toBe(true);
    expect(body.retention_distribution).toEqual(retentionBands.map((band) => ({ band, questions: 0 })));
    expect(body.due_forecast.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => utcDay(i)));
    expect(body.due_forecast.every((d) => d.due === 0)).toBe(true);
  });

  it('matches a hand-computed fixture', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const twoSum = await add(auth, 'Two Sum', 'Easy', 'Arrays,Hash Table');
    const anagram = await add(auth, 'Valid Anagram', 'Easy', 'Hash Table,Strings');
    const course = await add(auth, 'Course Schedule', 'Medium', 'Graphs');
    await add(auth, 'Clone Graph', 'Hard', 'graphs');
    const old = await add(auth, 'Old One', 'Hard', null);
    await review(auth, twoSum, 100, 80, 10);
    await review(auth, twoSum, 60, 40, 30); // retention (0.6·50 + 0.3·90) / 0.9 = 63.3 → 63
    await review(auth, anagram, 40, 20, 20); // 30
    await review(auth, course, 100, 100, 12); // 100
    await review(auth, old, 80, 80, 90); // 80 · 60/90 · e^(−30/30) = 19.6 → 20, once it is 30 days old
    await svc.db.query("UPDATE leetcode_sessions SET created_at = created_at - interval '30 days' WHERE question_id = $1", [old]);
    await svc.db.query('SELECT refresh_question_summary($1)', [old]);

    const endedId = randomUUID();
    await voiceEnded({ session_id: endedId, user_id: user.id, ended_at: new Date().toISOString(), duration_seconds: 1500 });
    await voiceEnded({ session_id: endedId, user_id: user.id, ended_at: new Date().toISOString(), duration_seconds: 1500 }); // redelivered
    await voiceEnded({ session_id: randomUUID(), user_id: randomUUID(), ended_at: new Date().toISOString(), duration_seconds: 60 }); // someone else
    let body = await analytics(auth);
    for (let i = 0; i < 100 && body.mock_interviews === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = await analytics(auth);
    }

    expect(body).toMatchObject({ today: utcDay(0), questions: 5, reviewed_questions: 4, total_reviews: 5, mock_interviews: 1 });
    expect(body.retention_distribution).toEqual([
      { band: 'Not reviewed', questions: 1 },
      { band: '0–19', questions: 0 },
      { band: '20–39', questions: 2 },
      { band: '40–59', questions: 0 },
      { band: '60–79', questions: 1 },
      { band: '80–100', questions: 1 },
    ]);
    // Arrays and Strings have one problem each; Graphs is Course Schedule (100) and Clone Graph, never
    // reviewed: it has no retention to count, so Graphs' mean is 100, not 50.
    expect(body.weakest_tags).toEqual([
      { tag: 'Hash Table', problems: 2, reviewed: 2, mean_retention: 47 },
      { tag: 'Graphs', problems: 2, reviewed: 1, mean_retention: 100 },
    ]);
    expect(body.average_minutes).toEqual({ Easy: 20, Medium: 12, Hard: 90 });
    expect(body.reviews_per_day).toHaveLength(84);
    expect(body.reviews_per_day.at(-1)).toEqual({ day: utcDay(0), reviews: 4 });
    expect(body.reviews_per_day.find((d) => d.day === utcDay(-30))).toEqual({ day: utcDay(-30), reviews: 1 });
    expect(body.reviews_per_day.reduce((n, d) => n + d.reviews, 0)).toBe(5);

    // The forecast counts the list's own due dates: today holds everything already due.
    const list: Array<{ due_at: string }> = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body;
    const expected = Array.from({ length: 14 }, (_, i) => ({
      day: utcDay(i),
      due: list.filter((q) => (i === 0 ? q.due_at.slice(0, 10) <= utcDay(0) : q.due_at.slice(0, 10) === utcDay(i))).length,
    }));
    expect(body.due_forecast).toEqual(expected);
    expect(body.due_forecast[0].due).toBeGreaterThanOrEqual(1);

    // Answered from memory while nothing changed; a review changes it at once.
    expect(await analytics(auth)).toEqual(body);
    await review(auth, old, 90, 90, 10);
    const moved = await analytics(auth);
    expect(moved.total_reviews).toBe(6);
    expect(moved.reviews_per_day.at(-1)).toEqual({ day: utcDay(0), reviews: 5 });
  });

  it('shows a tag nobody reviewed yet as not reviewed, after the tags with a retention, not as 0 %', async () => {
    const auth = await env.authHeader(env.newUser());
    await add(auth, 'N-Queens', 'Hard', 'Backtracking');
    await add(auth, 'Subsets', 'Medium', 'Backtracking,Arrays');
    const twoSum = await add(auth, 'Two Sum', 'Easy', 'Arrays');
    await review(auth, twoSum, 40, 20, 20); // 30
    expect((await analytics(auth)).weakest_tags).toEqual([
      { tag: 'Arrays', problems: 2, reviewed: 1, mean_retention: 30 },
      { tag: 'Backtracking', problems: 2, reviewed: 0, mean_retention: null },
    ]);
  });

  it("counts days in the candidate's time zone, UTC until they set one", async () => {
    const auth = await env.authHeader(env.newUser());
    expect((await analytics(auth)).today).toBe(utcDay(0));
    const zone = zoneOnAnotherDay();
    await request(svc.url).put('/api/leetcode-questions/time-zone').set(auth).send({ time_zone: zone }).expect(200);
    // A changed zone is not answered from the summary kept for the old one.
    expect((await analytics(auth)).today).toBe(todayIn(zone));
  });

  it('needs a token', () => request(svc.url).get('/api/leetcode-questions/analytics').expect(401));
});
