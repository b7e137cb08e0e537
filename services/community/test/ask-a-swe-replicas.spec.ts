import { askMessages, askNewAccounts, askPrivileges, askReputation, myAskStandingSchema, QuestionDetail } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { communityService } from '../src';
import { grantReputation } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** Two replicas of community on one database, as Kubernetes runs them: Ask a SWE's one-per-member rules and caps hold across pods. */
describe('community: Ask a SWE across two replicas', () => {
  let env: TestEnvironment;
  let replicas: RunningService[];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    // One after the other: the first makes the schema both share.
    replicas = [await env.start(communityService), await env.start(communityService)];
  });
  afterAll(() => env.close());

  const member = async () => {
    const user = env.newUser();
    return { id: user.id, auth: await env.authHeader(user) };
  };
  const members = (n: number) => Promise.all(Array.from({ length: n }, member));
  let seq = 0;
  const ask = (svc: RunningService, auth: Auth) =>
    request(svc.url)
      .post('/api/ask-a-swe/questions')
      .set(auth)
      .send({ title: `How many rounds is the onsite loop? #${++seq}`, body: 'I have an onsite next week and wonder how long it takes.', tags: ['Graph'] });
  const asked = async (auth: Auth): Promise<QuestionDetail> => (await ask(replicas[0], auth).expect(201)).body.data;
  const answer = async (svc: RunningService, auth: Auth, questionId: string): Promise<{ id: string }> =>
    (await request(svc.url).post(`/api/ask-a-swe/questions/${questionId}/answers`).set(auth).send({ body: 'Four rounds, one of them design.' }).expect(201))
      .body.data;
  const vote = (svc: RunningService, auth: Auth, path: string, value = 'up') => request(svc.url).put(`/api/ask-a-swe/${path}/vote`).set(auth).send({ value });
  const unvote = (svc: RunningService, auth: Auth, path: string) => request(svc.url).delete(`/api/ask-a-swe/${path}/vote`).set(auth);
  const reputation = async (userId: string): Promise<number> =>
    (
      await request(replicas[1].url)
        .get(`/api/ask-a-swe/users/${userId}/reputation`)
        .set((await member()).auth)
        .expect(200)
    ).body.reputation;
  /** The post's stored score beside the sum of its stored votes: they must agree. */
  const tally = async (table: 'ask_questions' | 'ask_answers', id: string) => {
    const column = table === 'ask_questions' ? 'question_id' : 'answer_id';
    const { rows } = await replicas[0].db.query<{ score: number; votes: number; voters: number }>(
      `SELECT score, (SELECT coalesce(sum(value), 0)::int FROM ask_votes WHERE ${column} = $1) AS votes,
              (SELECT count(DISTINCT user_id)::int FROM ask_votes WHERE ${column} = $1) AS voters
       FROM ${table} WHERE id = $1`,
      [id],
    );
    return rows[0];
  };

  it('counts 30 members voting at once over both replicas: the score equals the votes, reputation the rule’s sum and the day’s cap holds', async () => {
    const asker = await member();
    const writer = await member();
    const question = await asked(asker.auth);
    const reply = await answer(replicas[1], writer.auth, question.id);
    const voters = await members(30);
    // Each voter upvotes the question on one pod and the answer on the other, all 60 at once.
    const answers = await Promise.all(
      voters.flatMap((voter, i) => [
        vote(replicas[i % 2], voter.auth, `questions/${question.id}`),
        vote(replicas[(i + 1) % 2], voter.auth, `answers/${reply.id}`),
      ]),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));

    expect(await tally('ask_questions', question.id)).toEqual({ score: 30, votes: 30, voters: 30 });
    expect(await tally('ask_answers', reply.id)).toEqual({ score: 30, votes: 30, voters: 30 });
    // 30 question upvotes (5 each) are under the day's cap; 30 answer upvotes (10 each) stop at it.
    expect(await reputation(asker.id)).toBe(1 + 30 * askReputation.questionUpvoted);
    expect(await reputation(writer.id)).toBe(1 + askReputation.dailyCap);
    for (const svc of replicas) {
      const standing = myAskStandingSchema.parse((await request(svc.url).get('/api/ask-a-swe/me').set(writer.auth).expect(200)).body);
      expect(standing).toMatchObject({ reputation: 1 + askReputation.dailyCap, earned_today: askReputation.dailyCap });
    }
  });

  it('counts one vote when the same member votes on both replicas at once, and takes it back once when they un-vote on both at once', async () => {
    const asker = await member();
    const question = await asked(asker.auth);
    const voters = await members(5);
    const both = await Promise.all(voters.flatMap((voter) => replicas.map((svc) => vote(svc, voter.auth, `questions/${question.id}`))));
    for (let i = 0; i < voters.length; i++) {
      // The unique index lets one in; the other is the contract's 409, whichever pod it reached.
      const pair = both.slice(2 * i, 2 * i + 2);
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(pair.find((r) => r.status === 409)!.body.error).toEqual({ code: 'conflict', message: askMessages.alreadyVoted });
    }
    expect(await tally('ask_questions', question.id)).toEqual({ score: 5, votes: 5, voters: 5 });
    expect(await reputation(asker.id)).toBe(1 + 5 * askReputation.questionUpvoted);

    // Two tabs take the vote back at once: it goes once, the score with it, and a second vote is counted once again.
    const [taken] = voters;
    const removed = await Promise.all(replicas.map((svc) => unvote(svc, taken.auth, `questions/${question.id}`)));
    expect(removed.map((r) => r.status)).toEqual([200, 200]);
    expect(await tally('ask_questions', question.id)).toEqual({ score: 4, votes: 4, voters: 4 });
    expect(await reputation(asker.id)).toBe(1 + 4 * askReputation.questionUpvoted);
    const [again, back] = await Promise.all([
      vote(replicas[0], taken.auth, `questions/${question.id}`),
      unvote(replicas[1], taken.auth, `questions/${question.id}`),
    ]);
    expect([again.status, back.status]).toEqual([200, 200]);
    const after = await tally('ask_questions', question.id);
    expect(after.score).toBe(after.votes);
    expect(await reputation(asker.id)).toBe(1 + after.votes * askReputation.questionUpvoted);

    // An upvote turned into a downvote on one pod while taken back on the other: whichever wins, the score is the votes.
    const [, critic] = voters;
    await grantReputation(replicas[0].db, critic.id, askPrivileges.downvote);
    const [down, away] = await Promise.all([
      vote(replicas[0], critic.auth, `questions/${question.id}`, 'down'),
      unvote(replicas[1], critic.auth, `questions/${question.id}`),
    ]);
    expect([down.status, away.status]).toEqual([200, 200]);
    const settled = await tally('ask_questions', question.id);
    expect(settled.score).toBe(settled.votes);
    const { rows } = await replicas[0].db.query<{ ups: number; downs: number }>(
      'SELECT count(*) FILTER (WHERE value = 1)::int AS ups, count(*) FILTER (WHERE value = -1)::int AS downs FROM ask_votes WHERE question_id = $1',
      [question.id],
    );
    expect(await reputation(asker.id)).toBe(1 + rows[0].ups * askReputation.questionUpvoted + rows[0].downs * askReputation.downvoted);
  });

  it('leaves exactly one accepted answer, and its reputation, when the asker accepts two answers at once on both replicas', async () => {
    const asker = await member();
    const [first, second] = await members(2);
    const question = await asked(asker.auth);
    const answers = [await answer(replicas[0], first.auth, question.id), await answer(replicas[1], second.auth, question.id)];
    const accepting = await Promise.all(
      answers.map((a, i) => request(replicas[i].url).put(`/api/ask-a-swe/questions/${question.id}/accepted`).set(asker.auth).send({ answer_id: a.id })),
    );
    expect(accepting.map((r) => r.status)).toEqual([200, 200]);

    const { rows } = await replicas[0].db.query<{ accepted_answer_id: string }>('SELECT accepted_answer_id FROM ask_questions WHERE id = $1', [question.id]);
    const winner = answers.findIndex((a) => a.id === rows[0].accepted_answer_id);
    expect(winner).toBeGreaterThanOrEqual(0);
    const shown = (await request(replicas[1].url).get(`/api/ask-a-swe/questions/${question.id}`).set(asker.auth).expect(200)).body.data;
    expect(shown.answers.filter((a: { accepted: boolean }) => a.accepted).map((a: { id: string }) => a.id)).toEqual([answers[winner].id]);
    // The mark taken over takes its reputation back: one acceptance earned, by its author, and the asker's once.
    const authors = [first, second];
    expect(await reputation(authors[winner].id)).toBe(1 + askReputation.answerAccepted);
    expect(await reputation(authors[1 - winner].id)).toBe(1);
    expect(await reputation(asker.id)).toBe(1 + askReputation.accepting);
  });

  it('refuses a new account’s question past the day’s limit whichever replica it reaches, even when sent at once', async () => {
    const newcomer = await member();
    const limit = askNewAccounts.questionsPerDay;
    const burst = await Promise.all(Array.from({ length: limit + 2 }, (_, i) => ask(replicas[i % 2], newcomer.auth)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(limit);
    const refused = [...burst.filter((r) => r.status !== 201), ...(await Promise.all(replicas.map((svc) => ask(svc, newcomer.auth))))];
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error).toEqual({ code: 'rate_limited', message: askMessages.newAccountQuestions });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { rows } = await replicas[1].db.query<{ n: number }>('SELECT count(*)::int AS n FROM ask_questions WHERE user_id = $1', [newcomer.id]);
    expect(rows[0].n).toBe(limit);
  });
});
