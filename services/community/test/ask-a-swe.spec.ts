import { randomUUID } from 'node:crypto';
import { askMessages, askReputation, Notification, QuestionDetail, QuestionSummary, questionDetailSchema, questionSummarySchema } from '@app/contracts';
import { publishEvent, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { announceDeletion, env, grantReputation, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };

/** Issue 37: Ask a SWE's rules, each as a member or moderator meets it. */
describe('community: Ask a SWE', () => {
  const company = { id: randomUUID(), name: 'Initech' };
  let asker: TestUser;
  let askerAuth: Auth;
  let bob: TestUser;
  let bobAuth: Auth;
  let carol: TestUser;
  let carolAuth: Auth;
  let mod: Auth;

  startCommunity();

  beforeAll(async () => {
    asker = { ...env.newUser(), user_metadata: { full_name: 'Ada Asker' } };
    bob = { ...env.newUser(), user_metadata: { full_name: 'Bob Builder' } };
    carol = { ...env.newUser(), user_metadata: { full_name: 'Carol Chen' } };
    [askerAuth, bobAuth, carolAuth, mod] = await Promise.all([
      env.authHeader(asker),
      env.authHeader(bob),
      env.authHeader(carol),
      env.authHeader(moderator(env)),
    ]);
    await publishEvent(env, 'interviews.company.created', { ...company, website_url: 'https://initech.example' });
    // Bob's Verified badge is for Initech.
    await publishEvent(env, 'profile.employment.changed', { user_id: bob.id, company_id: company.id, verified: true, changed_at: new Date().toISOString() });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM ask_members WHERE user_id = $1 AND verified', [bob.id])).rows.length > 0, 20_000);
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM ask_companies WHERE id = $1', [company.id])).rows.length > 0, 20_000);
    // The asker is past the new-account limits (askNewAccounts): they ask in most tests.
    await grantReputation(svc.db, asker.id, 20);
  });

  let seq = 0;
  const question = (extra: Record<string, unknown> = {}) => ({
    title: `How long does the Initech onsite take? #${++seq}`,
    body: 'I have an onsite loop next week and wonder how many rounds there are.',
    tags: ['Graph'],
    ...extra,
  });
  const ask = async (auth: Auth, extra: Record<string, unknown> = {}): Promise<QuestionDetail> =>
    (await request(svc.url).post('/api/ask-a-swe/questions').set(auth).send(question(extra)).expect(201)).body.data;
  const answer = async (auth: Auth, id: string, body = 'Four rounds: coding, coding, design and a behavioural one.') =>
    (await request(svc.url).post(`/api/ask-a-swe/questions/${id}/answers`).set(auth).send({ body }).expect(201)).body.data;
  const detail = async (auth: Auth, id: string, query = ''): Promise<QuestionDetail> =>
    questionDetailSchema.parse((await request(svc.url).get(`/api/ask-a-swe/questions/${id}${query}`).set(auth).expect(200)).body.data);
  const list = async (auth: Auth, query = ''): Promise<QuestionSummary[]> =>
    (await request(svc.url).get(`/api/ask-a-swe/questions${query}`).set(auth).expect(200)).body.map((q: unknown) => questionSummarySchema.parse(q));
  const reputation = async (userId: string): Promise<number> =>
    (await request(svc.url).get(`/api/ask-a-swe/users/${userId}/reputation`).set(carolAuth).expect(200)).body.reputation;
  const notifications = async (auth: Auth, link: string, count = 1): Promise<Notification[]> =>
    waitFor(async () => {
      const mine = ((await request(svc.url).get('/api/notifications?limit=100').set(auth).expect(200)).body as Notification[]).filter((n) => n.link === link);
      return mine.length >= count && mine;
    }, 20_000);

  it('asks with tags from the one vocabulary and a known company; hostile input is refused or stored as written', async () => {
    const script = 'What do they ask? <script>alert(1)</script> <img src=x onerror=alert(1)>';
    const asked = await ask(askerAuth, { body: script, company_id: company.id, level: 'Intern', role: 'Software Engineer' });
    expect(asked).toMatchObject({ body: script, tags: ['Graph'], company, level: 'Intern', by_asker: true, following: true, is_mine: true, score: 0 });
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await request(svc.url).post('/api/ask-a-swe/questions').set(askerAuth).send(question(body)).expect(400);
      expect(res.body.error.fields[field]).toBe(message);
    };
    await refused({ tags: ['Cooking'] }, 'tags.0', askMessages.tag);
    await refused({ tags: [] }, 'tags', askMessages.tags);
    await refused({ company_id: randomUUID() }, 'company_id', askMessages.company);
    await refused({ title: 'short' }, 'title', askMessages.title);
    await refused({ level: 'Wizard' }, 'level', askMessages.level);
    // Links need reputation (askPrivileges.postLinks).
    const link = await request(svc.url)
      .post('/api/ask-a-swe/questions')
      .set(carolAuth)
      .send(question({ body: 'See https://spam.example for the answer key' }))
      .expect(403);
    expect(link.body.error.message).toBe('You need 10 reputation to post links');
    await request(svc.url).get('/api/ask-a-swe/questions?sort=loudest').set(askerAuth).expect(400);
    expect((await request(svc.url).get('/api/ask-a-swe/questions?cursor=bm9wZQ').set(askerAuth).expect(400)).body.error.fields.cursor).toBe(askMessages.cursor);
    // Pages follow X-Next-Cursor.
    await ask(askerAuth);
    const first = await request(svc.url).get('/api/ask-a-swe/questions?limit=1').set(askerAuth).expect(200);
    const second = await request(svc.url).get(`/api/ask-a-swe/questions?limit=1&cursor=${first.headers['x-next-cursor']}`).set(askerAuth).expect(200);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    await request(svc.url)
      .get(`/api/ask-a-swe/questions?q=${encodeURIComponent("'); DROP TABLE ask_questions; --")}`)
      .set(askerAuth)
      .expect(200);
  });

  it('never tells anyone but the asker who asked anonymously: lists, search, details, company page, answers, comments and the bell', async () => {
    // Someone who only ever asks anonymously: their name and id must appear nowhere others read.
    const shy = { ...env.newUser(), user_metadata: { full_name: 'Shy Sam' } };
    const shyAuth = await env.authHeader(shy);
    const asked = await ask(shyAuth, { anonymous: true, company_id: company.id, title: 'Is the Initech anonymous referral worth it?' });
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/follow`).set(carolAuth).expect(200);
    const bobsAnswer = await answer(bobAuth, asked.id);
    // The asker answers and comments in their own thread.
    await answer(shyAuth, asked.id, 'Adding context myself: I am a new graduate.');
    await request(svc.url).post(`/api/ask-a-swe/answers/${bobsAnswer.id}/comments`).set(shyAuth).send({ body: 'Thanks, that helps' }).expect(201);
    await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/comments`).set(shyAuth).send({ body: 'Edit: onsite is remote' }).expect(201);

    const tells = (body: unknown) => {
      const text = JSON.stringify(body);
      return text.includes(shy.id) || text.includes('Shy Sam');
    };
    for (const auth of [bobAuth, carolAuth, mod]) {
      const seen = await detail(auth, asked.id);
      expect(tells(seen)).toBe(false);
      expect(seen).toMatchObject({ anonymous: true, author: null, is_mine: false });
      expect(seen.answers.find((a) => a.by_asker)).toMatchObject({ author: null });
      for (const query of ['', '?q=anonymous%20referral', `?company_id=${company.id}`, '?sort=active', '?tag=Graph'])
        expect(tells(await list(auth, query))).toBe(false);
      expect(tells((await request(svc.url).get(`/api/ask-a-swe/companies/${company.id}/questions`).set(auth).expect(200)).body)).toBe(false);
      expect(tells((await request(svc.url).get('/api/ask-a-swe/questions/similar?title=anonymous referral').set(auth).expect(200)).body)).toBe(false);
    }
    const bell = [...(await notifications(carolAuth, `/ask-a-swe/${asked.id}`, 2)), ...(await notifications(bobAuth, `/ask-a-swe/${asked.id}`))];
    expect(tells(bell)).toBe(false);
    expect(bell.map((n) => n.title)).toContain('The asker answered "Is the Initech anonymous referral worth it?"');
    // Only the asker is told it is theirs.
    expect(await detail(shyAuth, asked.id)).toMatchObject({ is_mine: true, author: null });
    expect((await list(shyAuth, '?mine=true')).map((q) => q.id)).toContain(asked.id);
    expect((await list(bobAuth, '?mine=true')).map((q) => q.id)).not.toContain(asked.id);

    // A moderator acts without the identity unless they open it, which the audit log records.
    await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/asker`).set(bobAuth).send({ reason: 'curious' }).expect(403);
    const opened = await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/asker`).set(mod).send({ reason: 'Harassment report' }).expect(200);
    expect(opened.body).toEqual({ user_id: shy.id, name: 'Shy Sam' });
    // The line is in the desk's one audit log, naming the question and never the asker.
    const log = (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body;
    expect(log[0]).toMatchObject({ action: 'identity_opened', kind: 'ask_question', item_id: asked.id, item_title: asked.title, reason: 'Harassment report' });
    expect(tells(log)).toBe(false);
  });

  it('takes one vote per member and post, never on their own, and turns votes and acceptance into reputation', async () => {
    const asked = await ask(askerAuth);
    const bobsAnswer = await answer(bobAuth, asked.id);
    const carolsAnswer = await answer(carolAuth, asked.id, 'Three rounds, all coding, in my experience last spring.');
    const vote = (auth: Auth, path: string, value: string) => request(svc.url).put(`/api/ask-a-swe/${path}/vote`).set(auth).send({ value });

    expect((await vote(askerAuth, `questions/${asked.id}`, 'up').expect(403)).body.error.message).toBe(askMessages.ownVote);
    expect((await vote(bobAuth, `answers/${bobsAnswer.id}`, 'up').expect(403)).body.error.message).toBe(askMessages.ownVote);
    expect((await vote(carolAuth, `answers/${bobsAnswer.id}`, 'up').expect(200)).body.data).toEqual({ id: bobsAnswer.id, score: 1, my_vote: 'up' });
    expect((await vote(carolAuth, `answers/${bobsAnswer.id}`, 'up').expect(409)).body.error.message).toBe(askMessages.alreadyVoted);
    expect(await reputation(bob.id)).toBe(1 + askReputation.answerUpvoted);
    const askerBefore = await reputation(asker.id);
    await vote(bobAuth, `questions/${asked.id}`, 'up').expect(200);
    expect(await reputation(asker.id)).toBe(askerBefore + askReputation.questionUpvoted);

    // Downvoting needs 125 reputation, costs the voter 1 on an answer and its author 2.
    expect((await vote(askerAuth, `answers/${carolsAnswer.id}`, 'down').expect(403)).body.error.message).toBe('You need 125 reputation to downvote');
    await grantReputation(svc.db, asker.id, 200);
    const before = await reputation(asker.id);
    await vote(askerAuth, `answers/${bobsAnswer.id}`, 'down').expect(200);
    expect(await reputation(asker.id)).toBe(before + askReputation.downvotingAnswer);
    expect(await reputation(bob.id)).toBe(1 + askReputation.answerUpvoted + askReputation.downvoted);
    // Changing a vote replaces it; taking it back takes its reputation back.
    expect((await vote(askerAuth, `answers/${bobsAnswer.id}`, 'up').expect(200)).body.data).toEqual({ id: bobsAnswer.id, score: 2, my_vote: 'up' });
    expect((await request(svc.url).delete(`/api/ask-a-swe/answers/${bobsAnswer.id}/vote`).set(askerAuth).expect(200)).body.data.score).toBe(1);
    expect(await reputation(bob.id)).toBe(1 + askReputation.answerUpvoted);

    // Only the asker accepts; the accepted answer is first whatever its score.
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/accepted`).set(bobAuth).send({ answer_id: carolsAnswer.id }).expect(403);
    const accepted = (
      await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/accepted`).set(askerAuth).send({ answer_id: carolsAnswer.id }).expect(200)
    ).body.data;
    expect(accepted.answers.map((a: { id: string; accepted: boolean }) => [a.id, a.accepted])).toEqual([
      [carolsAnswer.id, true],
      [bobsAnswer.id, false],
    ]);
    expect(await reputation(carol.id)).toBe(1 + askReputation.answerAccepted);
    expect((await notifications(carolAuth, `/ask-a-swe/${asked.id}`)).map((n) => n.title)).toContain(`Your answer to "${asked.title}" was accepted`);
    // Moving the mark moves the reputation.
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/accepted`).set(askerAuth).send({ answer_id: bobsAnswer.id }).expect(200);
    expect(await reputation(carol.id)).toBe(1);
    expect(await reputation(bob.id)).toBe(1 + askReputation.answerUpvoted + askReputation.answerAccepted);
  });

  it('caps vote reputation at 200 a day', async () => {
    const member = env.newUser();
    await grantReputation(svc.db, member.id, askReputation.dailyCap - 5);
    const asked = await ask(await env.authHeader(member));
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/vote`).set(carolAuth).send({ value: 'up' }).expect(200);
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/vote`).set(bobAuth).send({ value: 'up' }).expect(200);
    expect(await reputation(member.id)).toBe(1 + askReputation.dailyCap);
  });

  it('edits own posts with a history, refuses others, and deletes own', async () => {
    const asked = await ask(askerAuth);
    const edited = { ...question(), title: 'How long does the Initech onsite take, really?' };
    await request(svc.url).patch(`/api/ask-a-swe/questions/${asked.id}`).set(bobAuth).send(edited).expect(403);
    expect((await request(svc.url).patch(`/api/ask-a-swe/questions/${asked.id}`).set(askerAuth).send(edited).expect(200)).body.data.title).toBe(edited.title);
    const history = (await request(svc.url).get(`/api/ask-a-swe/questions/${asked.id}/revisions`).set(bobAuth).expect(200)).body;
    expect(history).toEqual([expect.objectContaining({ title: asked.title, body: asked.body, tags: ['Graph'] })]);
    const bobsAnswer = await answer(bobAuth, asked.id);
    await request(svc.url).delete(`/api/ask-a-swe/answers/${bobsAnswer.id}`).set(askerAuth).expect(403);
    await request(svc.url).delete(`/api/ask-a-swe/answers/${bobsAnswer.id}`).set(bobAuth).expect(204);
    await request(svc.url).delete(`/api/ask-a-swe/questions/${asked.id}`).set(askerAuth).expect(204);
    await request(svc.url).get(`/api/ask-a-swe/questions/${asked.id}`).set(askerAuth).expect(404);
  });

  it('counts an account registered less than a day ago as new whatever its reputation, and tells it what is left today', async () => {
    const member = env.newUser();
    const auth = await env.authHeader(member);
    await grantReputation(svc.db, member.id, 50);
    const me = async () => (await request(svc.url).get('/api/ask-a-swe/me').set(auth).expect(200)).body;
    expect(await me()).toMatchObject({
      reputation: 51,
      new_account: false,
      questions_left_today: 10,
      privileges: { postLinks: true, flag: true, downvote: false },
    });
    await publishEvent(env, 'identity.user.registered', { user_id: member.id, created_at: new Date().toISOString() });
    await waitFor(async () => (await me()).new_account, 20_000);
    await ask(auth);
    expect(await me()).toMatchObject({ new_account: true, questions_left_today: 2, answers_left_today: 10 });
  });

  it('limits a new account to 3 questions a day', async () => {
    const newcomer = await env.authHeader(env.newUser());
    for (let i = 0; i < 3; i++) await ask(newcomer);
    const res = await request(svc.url).post('/api/ask-a-swe/questions').set(newcomer).send(question()).expect(429);
    expect(res.body.error.message).toBe(askMessages.newAccountQuestions);
  });

  it('searches title above body, sorts and filters, and marks answers by someone who works at the company', async () => {
    const member = await env.authHeader(env.newUser());
    const inTitle = await ask(member, { title: 'Zebracorn interview loop at Initech', company_id: company.id, tags: ['Trie'] });
    const inBody = await ask(member, { title: 'What is the hiring bar like there?', body: 'They mentioned a zebracorn round in the recruiter call.' });
    expect((await list(carolAuth, '?q=zebracorn')).map((q) => q.id)).toEqual([inTitle.id, inBody.id]);
    await answer(bobAuth, inTitle.id);
    const found = await list(carolAuth, '?q=zebracorn&by_employee=true');
    expect(found.map((q) => q.id)).toEqual([inTitle.id]);
    expect(found[0].answered_by_employee).toBe(true);
    expect((await detail(carolAuth, inTitle.id)).answers[0].author).toMatchObject({ name: 'Bob Builder', works_at_company: true });
    expect((await list(carolAuth, '?q=zebracorn&answered=false')).map((q) => q.id)).toEqual([inBody.id]);
    expect((await list(carolAuth, '?tag=Trie')).map((q) => q.id)).toEqual([inTitle.id]);
    const similar = (await request(svc.url).get('/api/ask-a-swe/questions/similar?title=zebracorn interview loop').set(carolAuth).expect(200)).body;
    expect(similar[0]).toMatchObject({ id: inTitle.id });
  });

  it('hides a post three members flagged until a moderator reviews it; closes duplicates; all audited', async () => {
    const asked = await ask(askerAuth);
    const flaggers = await Promise.all(
      [0, 1, 2].map(async () => {
        const user = env.newUser();
        await grantReputation(svc.db, user.id, 20);
        return env.authHeader(user);
      }),
    );
    await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/flags`).set(carolAuth).send({ reason: 'spam' }).expect(403);
    expect((await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/flags`).set(flaggers[0]).send({ reason: 'spam' }).expect(201)).body).toEqual({
      hidden: false,
    });
    await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/flags`).set(flaggers[0]).send({ reason: 'rude' }).expect(409);
    await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/flags`).set(flaggers[1]).send({ reason: 'rude', note: 'insults' }).expect(201);
    expect((await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/flags`).set(flaggers[2]).send({ reason: 'spam' }).expect(201)).body).toEqual({
      hidden: true,
    });
    await request(svc.url).get(`/api/ask-a-swe/questions/${asked.id}`).set(carolAuth).expect(404);
    expect((await list(carolAuth)).map((q) => q.id)).not.toContain(asked.id);
    expect((await detail(askerAuth, asked.id)).hidden).toBe(true);

    await request(svc.url).get('/api/ask-a-swe/moderation/flags').set(carolAuth).expect(403);
    const queue = (await request(svc.url).get('/api/ask-a-swe/moderation/flags').set(mod).expect(200)).body;
    expect(queue.find((p: { id: string }) => p.id === asked.id)).toMatchObject({
      kind: 'question',
      hidden: true,
      flags: expect.arrayContaining([expect.objectContaining({ reason: 'rude', note: 'insults' })]),
    });
    // The desk's tab counts it among what waits for review.
    expect((await request(svc.url).get('/api/moderation/summary').set(mod).expect(200)).body.pending.flagged_posts).toBeGreaterThanOrEqual(1);
    await request(svc.url).post(`/api/ask-a-swe/moderation/question/${asked.id}/decision`).set(mod).send({ decision: 'restore' }).expect(204);
    expect((await detail(carolAuth, asked.id)).hidden).toBe(false);
    expect((await request(svc.url).get('/api/ask-a-swe/moderation/flags').set(mod).expect(200)).body.map((p: { id: string }) => p.id)).not.toContain(asked.id);

    // Removed for good: an answer leaves the thread, its line names the question it answered.
    const rude = await answer(bobAuth, asked.id, 'A rude answer that a moderator removes for good.');
    await request(svc.url).post(`/api/ask-a-swe/moderation/answer/${rude.id}/decision`).set(mod).send({ decision: 'remove', reason: 'Insults' }).expect(204);
    expect((await detail(carolAuth, asked.id)).answers.map((a) => a.id)).not.toContain(rude.id);
    const removed = (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body.find((a: { item_id: string }) => a.item_id === rude.id);
    expect(removed).toMatchObject({ action: 'removed', kind: 'ask_answer', item_title: asked.title, reason: 'Insults' });
    // Its author is told in their bell, with the reason and where the thread is; the restored question's asker is told nothing.
    const told = await waitFor(async () => {
      const { rows } = await svc.db.query("SELECT user_id, title, body, link FROM notifications WHERE kind = 'submission_rejected' AND user_id = ANY($1)", [
        [bob.id, asker.id],
      ]);
      return rows.length > 0 && rows;
    });
    expect(told).toEqual([{ user_id: bob.id, title: `Your answer to "${asked.title}" was removed`, body: 'Reason: Insults', link: `/ask-a-swe/${asked.id}` }]);

    const original = await ask(bobAuth);
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/duplicate`).set(carolAuth).send({ duplicate_of: original.id }).expect(403);
    const closed = (await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/duplicate`).set(mod).send({ duplicate_of: original.id }).expect(200)).body
      .data;
    expect(closed).toMatchObject({ status: 'closed', duplicate_of: { id: original.id, title: original.title } });
    expect(
      (await request(svc.url).post(`/api/ask-a-swe/questions/${asked.id}/answers`).set(bobAuth).send({ body: 'A late answer to a closed one.' }).expect(409))
        .body.error.message,
    ).toBe(askMessages.closed);
    const actions = (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body.filter((a: { item_id: string }) => a.item_id === asked.id);
    expect(actions.map((a: { action: string }) => a.action)).toEqual(['closed_duplicate', 'restored']);
  });

  it("erases a deleted account's questions, answers and votes, and the reputation its votes gave", async () => {
    const leaving = env.newUser();
    const leavingAuth = await env.authHeader(leaving);
    const theirs = await ask(leavingAuth);
    const asked = await ask(carolAuth);
    await answer(leavingAuth, asked.id);
    await request(svc.url).put(`/api/ask-a-swe/questions/${asked.id}/vote`).set(leavingAuth).send({ value: 'up' }).expect(200);
    const carolBefore = await reputation(carol.id);
    await announceDeletion(env, leaving.id);
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM ask_questions WHERE id = $1', [theirs.id])).rows.length === 0, 20_000);
    expect(await detail(carolAuth, asked.id)).toMatchObject({ score: 0, answer_count: 0, answers: [] });
    expect(await reputation(carol.id)).toBe(carolBefore - askReputation.questionUpvoted);
    await request(svc.url).post('/api/ask-a-swe/questions').set(leavingAuth).send(question()).expect(401);
  });
});
