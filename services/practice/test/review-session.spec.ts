import request from 'supertest';
import {
  defaultReviewLimits,
  dueQueueSchema,
  reviewLimitMessages,
  reviewUndoMinutes,
  ScheduleCard,
  scheduleReview,
  sessionSchema,
  undoReviewMessages,
} from '@app/contracts';
import { candidate, startPractice, svc, todayIn, zoneOnAnotherDay } from './fixtures';

type Auth = { Authorization: string };

describe('review sessions: grades, daily limits and the due queue', () => {
  startPractice();
  const newCandidate = candidate;
  const addQuestion = async (auth: Auth, title: string) =>
    (await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title, difficulty: 'Medium', tags: 'arrays' }).expect(201)).body.data;
  const logSession = (auth: Auth, id: string, body: Record<string, unknown> = {}) =>
    request(svc.url)
      .post(`/api/leetcode-questions/${id}/session`)
      .set(auth)
      .send({ question_id: id, correctness: 100, confidence: 100, timer: 10, ...body });
  const dueQueue = async (auth: Auth) => dueQueueSchema.parse((await request(svc.url).get('/api/leetcode-questions/due').set(auth).expect(200)).body);
  /** Moves a question's reviews and due date into the past, as if it had been reviewed days ago and is due now. */
  const makeDue = async (id: string, daysAgo: number) => {
    await svc.db.query('UPDATE leetcode_sessions SET created_at = created_at - make_interval(days => $2) WHERE question_id = $1', [id, daysAgo]);
    await svc.db.query('SELECT refresh_question_summary($1)', [id]);
    await svc.db.query("UPDATE leetcode_questions SET due_at = now() - make_interval(days => $2) + interval '1 minute' WHERE id = $1", [id, daysAgo]);
  };

  describe('grades', () => {
    it('stores the grade chosen and schedules with it, not with the scores', async () => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Graded');
      // Perfect scores would say Easy; the candidate says Again.
      const res = await logSession(auth, q.id, { grade: 'again' }).expect(201);
      const session = sessionSchema.parse(res.body.data);
      expect(session.grade).toBe('again');
      const card = scheduleReview(null, { correctness: 100, confidence: 100, timer: 10, grade: 'again' }, new Date(session.created_at));
      const listed = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body.find((x: { id: string }) => x.id === q.id);
      expect(listed.due_at).toBe(card.due);
      expect(listed.due_at).not.toBe(scheduleReview(null, { correctness: 100, confidence: 100, timer: 10 }, new Date(session.created_at)).due);
    });

    it('without a grade stores none and schedules from the scores as before', async () => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Ungraded');
      const session = sessionSchema.parse((await logSession(auth, q.id, { correctness: 80, confidence: 70, timer: 30 }).expect(201)).body.data);
      expect(session.grade).toBeNull();
      const listed = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body[0];
      expect(listed.due_at).toBe(scheduleReview(null, { correctness: 80, confidence: 70, timer: 30, grade: 'good' }, new Date(session.created_at)).due);
    });

    it.each([['meh'], [3], [''], [{ $ne: 1 }]])('refuses the grade %j with the allowed words', async (grade) => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Bad grade');
      const res = await logSession(auth, q.id, { grade }).expect(400);
      expect(res.body.error.fields).toEqual({ grade: 'Grade must be again, hard, good or easy' });
    });

    it('a graded session replays to the due date stored (what a rebuild of the card computes)', async () => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Replayed');
      await logSession(auth, q.id, { grade: 'hard' }).expect(201);
      const sessions = (await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(auth).expect(200)).body;
      const replayed = sessions.reduce(
        (card: ScheduleCard | null, s: { correctness: number; confidence: number; timer: number; grade: 'hard'; created_at: string }) =>
          scheduleReview(card, s, new Date(s.created_at)),
        null,
      );
      const listed = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body[0];
      expect(listed.due_at).toBe(replayed.due);
    });
  });

  describe('daily limits', () => {
    it('are the defaults until set, then what was set; each candidate their own', async () => {
      const alice = await newCandidate();
      const bob = await newCandidate();
      expect((await request(svc.url).get('/api/leetcode-questions/review-limits').set(alice.auth).expect(200)).body).toEqual(defaultReviewLimits);
      const set = await request(svc.url)
        .put('/api/leetcode-questions/review-limits')
        .set(alice.auth)
        .send({ daily_review_limit: 30, new_per_day: 0 })
        .expect(200);
      expect(set.body.data).toEqual({ daily_review_limit: 30, new_per_day: 0 });
      expect((await request(svc.url).get('/api/leetcode-questions/review-limits').set(alice.auth).expect(200)).body).toEqual({
        daily_review_limit: 30,
        new_per_day: 0,
      });
      expect((await request(svc.url).get('/api/leetcode-questions/review-limits').set(bob.auth).expect(200)).body).toEqual(defaultReviewLimits);
    });

    it.each([
      [{ daily_review_limit: 0, new_per_day: 5 }, { daily_review_limit: reviewLimitMessages.reviews }],
      [{ daily_review_limit: 501, new_per_day: 5 }, { daily_review_limit: reviewLimitMessages.reviews }],
      [{ daily_review_limit: 2.5, new_per_day: 5 }, { daily_review_limit: reviewLimitMessages.reviews }],
      [{ daily_review_limit: '20', new_per_day: 5 }, { daily_review_limit: reviewLimitMessages.reviews }],
      [{ daily_review_limit: 20, new_per_day: -1 }, { new_per_day: reviewLimitMessages.newPerDay }],
      [{ daily_review_limit: 20, new_per_day: 101 }, { new_per_day: reviewLimitMessages.newPerDay }],
      [{}, { daily_review_limit: reviewLimitMessages.reviews, new_per_day: reviewLimitMessages.newPerDay }],
    ])('refuses %j naming the field', async (body, fields) => {
      const { auth } = await newCandidate();
      const res = await request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send(body).expect(400);
      expect(res.body.error.fields).toEqual(fields);
      expect((await request(svc.url).get('/api/leetcode-questions/review-limits').set(auth).expect(200)).body).toEqual(defaultReviewLimits);
    });

    it('keep one row per candidate when many saves race; the last one stored is what is read', async () => {
      const { user, auth } = await newCandidate();
      const saves = Array.from({ length: 12 }, (_, i) => ({ daily_review_limit: 10 + i, new_per_day: i }));
      const answers = await Promise.all(saves.map((body) => request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send(body)));
      expect(answers.map((a) => a.status)).toEqual(saves.map(() => 200));
      const { rows } = await svc.db.query('SELECT daily_review_limit, new_per_day FROM review_limits WHERE user_id = $1', [user.id]);
      expect(rows).toHaveLength(1);
      expect(saves).toContainEqual(rows[0]);
      expect((await request(svc.url).get('/api/leetcode-questions/review-limits').set(auth).expect(200)).body).toEqual(rows[0]);
    });

    it('needs a token', async () => {
      await request(svc.url).get('/api/leetcode-questions/review-limits').expect(401);
      await request(svc.url).put('/api/leetcode-questions/review-limits').send(defaultReviewLimits).expect(401);
      await request(svc.url).get('/api/leetcode-questions/due').expect(401);
    });
  });

  describe('the due queue', () => {
    it('holds what is due, earliest first, then new problems oldest first, within the limits', async () => {
      const { auth } = await newCandidate();
      const seen: Array<{ id: string }> = [];
      for (const title of ['Seen A', 'Seen B', 'Seen C']) {
        const q = await addQuestion(auth, title);
        await logSession(auth, q.id).expect(201);
        seen.push(q);
      }
      await makeDue(seen[0].id, 3);
      await makeDue(seen[1].id, 5);
      await makeDue(seen[2].id, 4);
      for (const title of ['New 1', 'New 2', 'New 3']) await addQuestion(auth, title);
      await request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send({ daily_review_limit: 2, new_per_day: 2 }).expect(200);

      const queue = await dueQueue(auth);
      expect(queue.questions.map((q) => q.title)).toEqual(['Seen B', 'Seen C', 'New 1', 'New 2']);
      expect(queue).toMatchObject({ limits: { daily_review_limit: 2, new_per_day: 2 }, reviewed_today: 0, new_today: 0, held_back: 2 });
      expect(queue.today).toBe(new Date().toISOString().slice(0, 10));
      expect(queue.questions[0]).toMatchObject({ session_count: 1, retention: expect.any(Number) });
      expect(queue.questions[2]).toMatchObject({ session_count: 0, retention: null, last_solved_at: null });

      // Reviewing takes from what is left today: one review and one new problem leave one of each.
      await logSession(auth, queue.questions[0].id, { grade: 'good' }).expect(201);
      await logSession(auth, queue.questions[2].id, { grade: 'easy' }).expect(201);
      const after = await dueQueue(auth);
      expect(after).toMatchObject({ reviewed_today: 1, new_today: 1 });
      expect(after.questions.map((q) => q.title)).toEqual(['Seen C', 'New 2']);
    });

    it('is empty once the limits are used up, and with nothing due', async () => {
      const { auth } = await newCandidate();
      expect(await dueQueue(auth)).toMatchObject({ questions: [], held_back: 0, reviewed_today: 0, new_today: 0 });
      const q = await addQuestion(auth, 'Only one');
      await request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send({ daily_review_limit: 5, new_per_day: 0 }).expect(200);
      expect(await dueQueue(auth)).toMatchObject({ questions: [], held_back: 1 });
      await request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send({ daily_review_limit: 5, new_per_day: 1 }).expect(200);
      expect((await dueQueue(auth)).questions.map((x) => x.id)).toEqual([q.id]);
    });

    it("counts today in the candidate's time zone, UTC until they set one", async () => {
      const { auth } = await newCandidate();
      expect((await dueQueue(auth)).today).toBe(new Date().toISOString().slice(0, 10));
      const zone = zoneOnAnotherDay();
      await request(svc.url).put('/api/leetcode-questions/time-zone').set(auth).send({ time_zone: zone }).expect(200);
      expect((await dueQueue(auth)).today).toBe(todayIn(zone));
    });

    it("never shows another candidate's problems", async () => {
      const alice = await newCandidate();
      const bob = await newCandidate();
      await addQuestion(alice.auth, 'Private to Alice');
      expect((await dueQueue(bob.auth)).questions).toEqual([]);
    });
  });

  describe('undo of the last grade', () => {
    const undo = (auth: Auth, sessionId: string) => request(svc.url).post(`/api/leetcode-questions/sessions/${sessionId}/undo`).set(auth);
    const card = async (id: string) =>
      (await svc.db.query<{ schedule: ScheduleCard | null; due_at: Date }>('SELECT schedule, due_at FROM leetcode_questions WHERE id = $1', [id])).rows[0];
    const reviews = async (id: string) => (await svc.db.query('SELECT id FROM leetcode_sessions WHERE question_id = $1', [id])).rowCount;

    it('restores the exact due date, stability and difficulty and removes the review; a second undo is refused', async () => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Undone');
      await logSession(auth, q.id, { grade: 'good' }).expect(201);
      const before = await card(q.id);
      expect(before.schedule).not.toBeNull();
      const { id } = (await logSession(auth, q.id, { grade: 'again' }).expect(201)).body.data;
      expect((await card(q.id)).schedule!.stability).not.toBe(before.schedule!.stability);

      const res = await undo(auth, id).expect(200);
      expect(res.body.data).toEqual({ question_id: q.id, due_at: before.due_at.toISOString() });
      expect(await card(q.id)).toEqual(before);
      expect(await reviews(q.id)).toBe(1);
      const listed = (await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body[0];
      expect(listed.session_count).toBe(1);

      expect((await undo(auth, id).expect(404)).body.error.message).toBe(undoReviewMessages.notFound);
    });

    it('refuses someone else’s review, one that is not the last, and one older than the window, with the reason', async () => {
      const alice = await newCandidate();
      const bob = await newCandidate();
      const q = await addQuestion(alice.auth, 'Alice’s');
      const first = (await logSession(alice.auth, q.id, { grade: 'hard' }).expect(201)).body.data.id;
      const second = (await logSession(alice.auth, q.id, { grade: 'easy' }).expect(201)).body.data.id;
      expect((await undo(bob.auth, second).expect(404)).body.error.message).toBe(undoReviewMessages.notFound);
      expect((await undo(alice.auth, first).expect(409)).body.error.message).toBe(undoReviewMessages.notLast);
      // Both a moment past the window: the last review is still the second.
      await svc.db.query('UPDATE leetcode_sessions SET created_at = created_at - make_interval(mins => $2) WHERE question_id = $1', [
        q.id,
        reviewUndoMinutes + 1,
      ]);
      expect((await undo(alice.auth, second).expect(409)).body.error.message).toBe(undoReviewMessages.expired);
      expect(await reviews(q.id)).toBe(2);
    });

    it('an undo racing a new grade of the same problem leaves one consistent state', async () => {
      const { auth } = await newCandidate();
      const q = await addQuestion(auth, 'Raced');
      const { id } = (await logSession(auth, q.id, { grade: 'good' }).expect(201)).body.data;
      const [undone, graded] = await Promise.all([undo(auth, id), logSession(auth, q.id, { grade: 'hard' })]);
      expect(graded.status).toBe(201);
      const sessions = (await request(svc.url).get(`/api/leetcode-questions/${q.id}/sessions`).set(auth).expect(200)).body;
      // Either the undo went first (the new grade is the only review) or the grade did (the undo is refused).
      expect(undone.status === 200 ? [1, 200] : [2, 409]).toEqual([sessions.length, undone.status]);
      const replayed = [...sessions]
        .reverse()
        .reduce(
          (c: ScheduleCard | null, s: { correctness: number; confidence: number; timer: number; grade: 'hard'; created_at: string }) =>
            scheduleReview(c, s, new Date(s.created_at)),
          null,
        );
      expect((await card(q.id)).due_at.toISOString()).toBe(replayed.due);
    });
  });
});
