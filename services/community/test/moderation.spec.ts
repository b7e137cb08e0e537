import { randomUUID } from 'node:crypto';
import { ModerationAction, moderationActionSchema, moderationSummarySchema, Opportunity, OwnSubmission } from '@app/contracts';
import { publishedEvents, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };
const rejectedEvent = 'community.submission.rejected';

describe('community: moderation (issue 23 item 3)', () => {
  let alice: TestUser;
  let aliceAuth: Auth;
  let bob: Auth;
  let mod: Auth;
  let otherMod: Auth;
  let seq = 0;

  startCommunity();

  beforeAll(async () => {
    alice = env.newUser('alice@example.com');
    const grace = { ...moderator(env), user_metadata: { full_name: 'Grace Hopper' } };
    [aliceAuth, bob, mod, otherMod] = await Promise.all([
      env.authHeader(alice),
      env.authHeader(env.newUser()),
      env.authHeader(grace),
      env.authHeader(moderator(env)),
    ]);
  });

  const share = (auth: Auth, body: Record<string, unknown> = {}) =>
    request(svc.url)
      .post('/api/pathfinder')
      .set(auth)
      .send({ title: 'SWE Intern', description: 'Summer internship', link: `https://jobs.example.net/${++seq}`, compensation: '', ...body });
  const shared = async (auth: Auth, body: Record<string, unknown> = {}): Promise<Opportunity> => (await share(auth, body).expect(201)).body.data;
  const decide = (auth: Auth, id: string, body: Record<string, unknown>) => request(svc.url).patch(`/api/pathfinder/${id}`).set(auth).send(body);
  const submissions = async (auth: Auth): Promise<OwnSubmission[]> => (await request(svc.url).get('/api/moderation/submissions').set(auth).expect(200)).body;
  const log = async (): Promise<ModerationAction[]> => (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body;
  const eventsFor = (itemId: string) =>
    waitFor(async () => {
      const found = (await publishedEvents(env, rejectedEvent)).filter((e) => e.data.item_id === itemId);
      return found.length > 0 && found;
    }, 30_000);

  it('refuses moderation to members (403) and to callers without a token (401)', async () => {
    const item = await shared(aliceAuth);
    const refused = await decide(bob, item.id, { status: 'approved' }).expect(403);
    expect(refused.body).toEqual({ error: { code: 'forbidden', message: 'Only moderators can do this' } });
    await decide(aliceAuth, item.id, { status: 'rejected', reason: 'mine' }).expect(403);
    for (const path of ['/api/moderation/summary', '/api/moderation/log']) {
      await request(svc.url).get(path).set(bob).expect(403);
      await request(svc.url).get(path).expect(401);
    }
    await request(svc.url).get('/api/moderation/submissions').expect(401);
    expect((await submissions(aliceAuth)).find((s) => s.id === item.id)).toMatchObject({ status: 'pending', reason: null });
  });

  it.each([
    [{ status: 'rejected' }, { reason: 'Please give a reason of at most 500 characters' }],
    [{ status: 'rejected', reason: '   ' }, { reason: 'Please give a reason of at most 500 characters' }],
    [{ status: 'taken_down', reason: 'x'.repeat(501) }, { reason: 'Please give a reason of at most 500 characters' }],
    [{ status: 'rejected', reason: 42 }, { reason: 'Please give a reason of at most 500 characters' }],
    [{ status: 'maybe' }, { status: 'Status must be approved, rejected or taken_down' }],
    [{ status: 'approved', title: 123 }, { title: 'Please enter a title' }],
    [{ status: 'approved', description: '' }, { description: 'Please provide a description' }],
  ])('refuses malformed decision #%# (400: blank, over-long or mistyped reason, unknown status, mistyped edits) and changes nothing', async (body, fields) => {
    const sharer = await env.authHeader(env.newUser());
    const item = await shared(sharer);
    const res = await decide(mod, item.id, body).expect(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: Object.values(fields)[0], fields } });
    expect((await submissions(sharer)).find((s) => s.id === item.id)?.status).toBe('pending');
  });

  it('rejects with a reason the submitter reads on their item, logs it, and records community.submission.rejected', async () => {
    const item = await shared(aliceAuth, { title: 'Crypto Airdrop Internship' });
    const res = await decide(mod, item.id, { status: 'rejected', reason: '  Not an internship: a token sale  ' }).expect(200);
    expect(res.body.data).toMatchObject({ id: item.id, status: 'rejected' });

    expect((await submissions(aliceAuth)).find((s) => s.id === item.id)).toMatchObject({
      kind: 'opportunity',
      title: 'Crypto Airdrop Internship',
      status: 'rejected',
      reason: 'Not an internship: a token sale',
    });
    expect((await submissions(bob)).map((s) => s.id)).not.toContain(item.id);

    const entry = (await log()).find((a) => a.item_id === item.id)!;
    expect(moderationActionSchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      moderator_name: 'Grace Hopper',
      action: 'rejected',
      kind: 'opportunity',
      item_title: 'Crypto Airdrop Internship',
      edited: false,
      reason: 'Not an internship: a token sale',
    });

    const [event] = await eventsFor(item.id);
    expect(event.data).toEqual({
      user_id: alice.id,
      kind: 'opportunity',
      item_id: item.id,
      title: 'Crypto Airdrop Internship',
      reason: 'Not an internship: a token sale',
      action: 'rejected',
      rejected_at: expect.any(String),
    });
  });

  it('approves with the title and description corrected first, and logs that it was edited', async () => {
    const item = await shared(aliceAuth, { title: 'swe intern!!!', description: 'apply now' });
    const res = await decide(mod, item.id, { status: 'approved', title: 'Software Engineering Intern', description: 'Summer 2027, Berlin' }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'approved', title: 'Software Engineering Intern', description: 'Summer 2027, Berlin' });
    const seen = (await request(svc.url).get('/api/pathfinder').set(bob).expect(200)).body as Opportunity[];
    expect(seen.find((o) => o.id === item.id)?.title).toBe('Software Engineering Intern');
    expect((await log()).find((a) => a.item_id === item.id)).toMatchObject({ action: 'approved', edited: true, reason: null });
  });

  it('takes down a listed item with a reason (event action taken_down); a pending one cannot be taken down (409)', async () => {
    const item = await shared(aliceAuth, { title: 'Listed then gone' });
    const early = await decide(mod, item.id, { status: 'taken_down', reason: 'Spam' }).expect(409);
    expect(early.body.error).toEqual({ code: 'conflict', message: 'This opportunity is waiting for review: only a listed one can be taken down' });

    await decide(mod, item.id, { status: 'approved' }).expect(200);
    await decide(mod, item.id, { status: 'taken_down', reason: 'The company withdrew it' }).expect(200);
    const seen = (await request(svc.url).get('/api/pathfinder').set(bob).expect(200)).body as Opportunity[];
    expect(seen.map((o) => o.id)).not.toContain(item.id);
    expect((await submissions(aliceAuth)).find((s) => s.id === item.id)).toMatchObject({ status: 'taken_down', reason: 'The company withdrew it' });
    const [event] = await eventsFor(item.id);
    expect(event.data).toMatchObject({ action: 'taken_down', reason: 'The company withdrew it', user_id: alice.id });
    const again = await decide(mod, item.id, { status: 'taken_down', reason: 'Twice' }).expect(409);
    expect(again.body.error.message).toBe('This opportunity has already been taken down');
    await decide(mod, randomUUID(), { status: 'approved' }).expect(404);
  });

  it('lets exactly one of two moderators deciding the same item at once win; the other gets a 409 naming the state', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await shared(await env.authHeader(env.newUser()));
      const answers = await Promise.all([
        decide(mod, item.id, { status: 'approved' }),
        decide(otherMod, item.id, { status: 'rejected', reason: 'Duplicate of another posting' }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!.body.data.status as string;
      const loser = answers.find((r) => r.status === 409)!;
      expect(loser.body.error.message).toBe(`This opportunity has already been ${winner}`);
      expect((await log()).filter((a) => a.item_id === item.id)).toHaveLength(1);
    }
  });

  it('counts what waits for review per tab', async () => {
    const count = async () => moderationSummarySchema.parse((await request(svc.url).get('/api/moderation/summary').set(mod).expect(200)).body).pending;
    const before = await count();
    const item = await shared(bob);
    await request(svc.url)
      .post('/api/external-resources')
      .set(bob)
      .send({ title: 'Tech Interview Handbook', description: 'Free guide', url: `https://handbook.example.net/${++seq}`, author: 'Yangshun' })
      .expect(201);
    expect(await count()).toEqual({ ...before, opportunities: before.opportunities + 1, resources: before.resources + 1 });
    await decide(mod, item.id, { status: 'approved' }).expect(200);
    expect((await count()).opportunities).toBe(before.opportunities);
  });

  it('tells a second sharer where a link already is: their own, another’s pending, rejected or listed', async () => {
    const link = (n: string) => `https://duplicates.example.net/${n}-${++seq}`;
    const conflictOf = async (auth: Auth, url: string) => (await share(auth, { link: url }).expect(409)).body.error;

    const pending = link('pending');
    await shared(aliceAuth, { link: pending });
    expect(await conflictOf(aliceAuth, pending)).toEqual({
      code: 'conflict',
      message: 'You have already shared this link; it is waiting for review',
      fields: { link: 'You have already shared this link; it is waiting for review' },
    });
    expect((await conflictOf(bob, pending)).message).toBe('This link has already been shared and is waiting for review');

    const rejected = link('rejected');
    await decide(mod, (await shared(aliceAuth, { link: rejected })).id, { status: 'rejected', reason: 'Expired' }).expect(200);
    expect((await conflictOf(bob, rejected)).message).toBe('This link has already been shared and was rejected by a moderator');

    const listed = link('listed');
    await decide(mod, (await shared(aliceAuth, { link: listed, title: 'Jane Street SEE' })).id, { status: 'approved' }).expect(200);
    expect(await conflictOf(bob, listed)).toEqual({
      code: 'conflict',
      message: 'This link is already listed: “Jane Street SEE”',
      fields: { link: 'This link is already listed: “Jane Street SEE”', listed: '/pathfinder?q=Jane%20Street%20SEE' },
    });
  });

  it('rejects a pending feature request only with a reason, which its author reads and hears of; opening one is logged as approved', async () => {
    const file = async (message: string) => {
      await request(svc.url).post('/api/contact-form').set(aliceAuth).send({ subject: 'Feature Request', title: message, message }).expect(201);
      const mine = await submissions(aliceAuth);
      return mine.find((s) => s.kind === 'feature_request' && s.title === message)!;
    };
    const declined = await file(`Blockchain resumes ${seq}`);
    expect(declined).toMatchObject({ status: 'pending', reason: null, link: `/feature-requests/${declined.id}` });
    const patch = (id: string, body: Record<string, unknown>) => request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send(body);
    const refused = await patch(declined.id, { status: 'declined' }).expect(400);
    expect(refused.body.error).toEqual({
      code: 'validation_failed',
      message: 'Please give a reason of at most 500 characters',
      fields: { reason: 'Please give a reason of at most 500 characters' },
    });
    await patch(declined.id, { status: 'declined', reason: 'x'.repeat(501) }).expect(400);
    expect((await submissions(aliceAuth)).find((s) => s.id === declined.id)?.status).toBe('pending');
    await patch(declined.id, { status: 'declined', reason: 'Out of scope for an interview app' }).expect(200);
    expect((await submissions(aliceAuth)).find((s) => s.id === declined.id)).toMatchObject({ status: 'rejected', reason: 'Out of scope for an interview app' });
    const [event] = await eventsFor(declined.id);
    expect(event.data).toMatchObject({ user_id: alice.id, kind: 'feature_request', action: 'rejected', reason: 'Out of scope for an interview app' });

    const opened = await file(`Company-tagged lists ${seq}`);
    await patch(opened.id, { status: 'open' }).expect(200);
    expect((await submissions(aliceAuth)).find((s) => s.id === opened.id)).toMatchObject({ status: 'approved', reason: null });
    // A request already on the board is declined as a board status, without a review reason.
    await patch(opened.id, { status: 'declined' }).expect(200);
    const logged = await log();
    expect(logged.find((a) => a.item_id === declined.id)).toMatchObject({
      action: 'rejected',
      kind: 'feature_request',
      reason: 'Out of scope for an interview app',
    });
    // Newest first: the approval at review, then the board status change, each a moderator's action (issue 35 item 5).
    expect(logged.filter((a) => a.item_id === opened.id).map((a) => [a.action, a.before, a.after])).toEqual([
      ['status_changed', 'Open', 'Declined'],
      ['approved', null, null],
    ]);
  });

  it('names a signed-in sender of a contact message by their account when they leave name and e-mail blank', async () => {
    const sender = { ...env.newUser('lin@example.com'), user_metadata: { full_name: 'Lin Chen' } };
    await request(svc.url)
      .post('/api/contact-form')
      .set(await env.authHeader(sender))
      .send({ name: '', email: '', subject: 'Feedback', message: 'Who am I?' })
      .expect(201);
    const messages = (await request(svc.url).get('/api/contact-form').set(mod).expect(200)).body as { message: string; name: string; email: string }[];
    expect(messages.find((m) => m.message === 'Who am I?')).toMatchObject({ name: 'Lin Chen', email: 'lin@example.com' });
  });
});
