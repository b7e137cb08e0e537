import { ContactSubmission, externalResourceSchema } from '@app/contracts';
import { waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { announceDeletion, env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(30_000);

type Auth = { Authorization: string };

describe('community: contact form, resources and erasure', () => {
  let mod: Auth;
  let address = 0;
  /** A fresh client address per call unless told, as the gateway names it (with its proof). */
  const from = (ip = `203.0.113.${++address}`) => env.fromGateway(ip);

  startCommunity({ CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR: '3', CONTACT_MESSAGES_PER_ACCOUNT_PER_HOUR: '3' });

  beforeAll(async () => {
    mod = await env.authHeader(moderator(env));
  });

  const submissions = async (): Promise<ContactSubmission[]> => (await request(svc.url).get('/api/contact-form').set(mod).expect(200)).body;

  it('accepts a message without a token (201 {data: {id}}), empty name and e-mail stored as none', async () => {
    const res = await request(svc.url)
      .post('/api/contact-form')
      .set(from())
      .send({ name: '', email: '', subject: 'Feedback', message: 'Love the tracker' })
      .expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(String) } });
    expect((await submissions()).find((s) => s.id === res.body.data.id)).toMatchObject({
      user_id: null,
      name: null,
      email: null,
      subject: 'Feedback',
      message: 'Love the tracker',
      feature_request_id: null,
    });
  });

  it('keeps the user id when a token comes with it, and refuses a bad token', async () => {
    const user = env.newUser();
    const res = await request(svc.url)
      .post('/api/contact-form')
      .set(from())
      .set(await env.authHeader(user))
      .send({ name: 'Ada', email: 'ada@example.com', subject: 'Bug Report', message: 'Timer froze' })
      .expect(201);
    expect((await submissions()).find((s) => s.id === res.body.data.id)).toMatchObject({
      user_id: user.id,
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Bug Report',
    });
    await request(svc.url).post('/api/contact-form').set(from()).set({ Authorization: 'Bearer nope' }).send({ subject: 'Feedback', message: 'x' }).expect(401);
  });

  it.each([
    [
      { subject: 'Spam', message: '' },
      { subject: 'Please select a subject', message: 'Message is required' },
    ],
    [{ subject: 'Feedback', message: 'hi', email: 'not-an-email' }, { email: 'Invalid email address' }],
    [{ message: 'hi' }, { subject: 'Please select a subject' }],
    [{ subject: 'General Inquiry', message: '   ' }, { message: 'Message is required' }],
  ])('answers the spec’s messages: %j', async (body, fields) => {
    const res = await request(svc.url).post('/api/contact-form').set(from()).send(body).expect(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: Object.values(fields)[0], fields } });
  });

  it('files a pending feature request for subject Feature Request: its title, and the message as its description (issue 38 item 6)', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const message = 'With a Go-speaking interviewer please.\nAnd Go idioms in the feedback.';
    const res = await request(svc.url)
      .post('/api/contact-form')
      .set(from())
      .set(auth)
      .send({ subject: 'Feature Request', title: '  Mock interviews in Go ', message })
      .expect(201);
    const sub = (await submissions()).find((s) => s.id === res.body.data.id)!;
    expect(sub.feature_request_id).toEqual(expect.any(String));
    const mine = (await request(svc.url).get('/api/feature-requests').set(auth).expect(200)).body;
    expect(mine.find((f: { id: string }) => f.id === sub.feature_request_id)).toMatchObject({
      title: 'Mock interviews in Go',
      description: message,
      status: 'pending',
      upvotes: 0,
    });
    const queue = (await request(svc.url).get('/api/feature-requests?status=pending').set(mod).expect(200)).body;
    expect(queue.map((f: { id: string }) => f.id)).toContain(sub.feature_request_id);

    // A request needs its own title, of at most 120 characters; other subjects need none.
    const titleMessage = 'Please give the request a title of at most 120 characters';
    for (const title of [undefined, '   ', 'x'.repeat(121)]) {
      const refused = await request(svc.url)
        .post('/api/contact-form')
        .set(from())
        .send({ subject: 'Feature Request', title, message: 'x'.repeat(300) })
        .expect(400);
      expect(refused.body.error).toEqual({ code: 'validation_failed', message: titleMessage, fields: { title: titleMessage } });
    }
    await request(svc.url).post('/api/contact-form').set(from()).send({ subject: 'Feedback', message: 'No title needed' }).expect(201);
  });

  it('limits messages per client address: 429 with Retry-After, other addresses unaffected', async () => {
    const ip = from('198.51.100.7');
    for (let i = 0; i < 3; i++)
      await request(svc.url)
        .post('/api/contact-form')
        .set(ip)
        .send({ subject: 'Feedback', message: `note ${i}` })
        .expect(201);
    const res = await request(svc.url).post('/api/contact-form').set(ip).send({ subject: 'Feedback', message: 'one too many' }).expect(429);
    expect(res.body).toEqual({ error: { code: 'rate_limited', message: 'Too many requests, please try again later' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await submissions()).map((s) => s.message)).not.toContain('one too many');
    await request(svc.url).post('/api/contact-form').set(from('198.51.100.8')).send({ subject: 'Feedback', message: 'another client' }).expect(201);
  });

  it('counts a direct caller forging X-Forwarded-For at its real address: the limit holds', async () => {
    const forged = () => request(svc.url).post('/api/contact-form').set('X-Forwarded-For', `192.0.2.${++address}`);
    for (let i = 0; i < 3; i++)
      await forged()
        .send({ subject: 'Feedback', message: `forged ${i}` })
        .expect(201);
    const res = await forged().send({ subject: 'Feedback', message: 'forged, one too many' }).expect(429);
    expect(res.body.error.code).toBe('rate_limited');
  });

  it('limits a signed-in sender by account: messages sent signed out from the same address never use it up', async () => {
    const office = from('198.51.100.20');
    const send = (message: string, auth = {}, at = office) =>
      request(svc.url).post('/api/contact-form').set(at).set(auth).send({ subject: 'Feedback', message });
    for (let i = 0; i < 3; i++) await send(`anonymous ${i}`).expect(201);
    await send('anonymous, one too many').expect(429);
    const auth = await env.authHeader(env.newUser());
    for (let i = 0; i < 3; i++) await send(`signed in ${i}`, auth).expect(201);
    // The account's own share is used up, from whatever address it writes.
    const refused = await send('signed in, one too many', auth, from()).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    await send('another account', await env.authHeader(env.newUser())).expect(201);
  });

  it('lets only moderators read submissions', async () => {
    const res = await request(svc.url)
      .get('/api/contact-form')
      .set(await env.authHeader(env.newUser()))
      .expect(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Only moderators can do this' });
    await request(svc.url).get('/api/contact-form').expect(401);
    const listed = await submissions();
    expect(listed.map((s) => s.created_at)).toEqual([...listed.map((s) => s.created_at)].sort().reverse());
  });

  it('lists the five built-in resources', async () => {
    const res = await request(svc.url)
      .get('/api/external-resources')
      .set(await env.authHeader(env.newUser()))
      .expect(200);
    for (const r of res.body) expect(externalResourceSchema.parse(r)).toEqual(r);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(
      expect.arrayContaining(['LeetCode', 'NeetCode 150', 'Final Round AI', 'Grokking the Coding Interview', 'Cracking the Coding Interview']),
    );
    await request(svc.url).get('/api/external-resources').expect(401);
  });

  it('erases a deleted account’s messages and marks on identity.user.deleted; what it shared stays without its author', async () => {
    const gone = env.newUser();
    const auth = await env.authHeader(gone);
    const other = await env.authHeader(env.newUser());
    const message = await request(svc.url)
      .post('/api/contact-form')
      .set(from())
      .set(auth)
      .send({ subject: 'Feature Request', title: 'Leaderboards', message: 'Leaderboards for streaks' })
      .expect(201);
    const featureId = (await submissions()).find((s) => s.id === message.body.data.id)!.feature_request_id!;
    const shared = (
      await request(svc.url)
        .post('/api/pathfinder')
        .set(auth)
        .send({ title: 'Fellowship', description: 'Paid', link: 'https://fellowship.example.com', compensation: 100 })
        .expect(201)
    ).body.data;
    await request(svc.url).patch(`/api/pathfinder/${shared.id}`).set(mod).send({ status: 'approved' }).expect(200);
    await request(svc.url).patch(`/api/feature-requests/${featureId}`).set(mod).send({ status: 'open' }).expect(200);
    await request(svc.url).post(`/api/pathfinder/${shared.id}/upvote`).set(auth).expect(200);
    await request(svc.url).post(`/api/pathfinder/${shared.id}/favorite`).set(auth).expect(200);
    await request(svc.url).post(`/api/pathfinder/${shared.id}/upvote`).set(other).expect(200);
    await request(svc.url).post(`/api/pathfinder/${shared.id}/closed`).set(auth).expect(200);
    await request(svc.url).post(`/api/feature-requests/${featureId}/interactions`).set(auth).send({ interaction_type: 'upvote' }).expect(201);

    await announceDeletion(env, gone.id);
    const count = async (sql: string) => Number((await svc.db.query<{ n: string }>(sql, [gone.id])).rows[0].n);
    await waitFor(async () => (await count('SELECT count(*) AS n FROM interactions WHERE user_id = $1')) === 0);
    expect(await count('SELECT count(*) AS n FROM contact_form_submissions WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM opportunity_closed_reports WHERE user_id = $1')).toBe(0);
    expect((await submissions()).map((s) => s.id)).not.toContain(message.body.data.id);

    const seen = (await request(svc.url).get('/api/pathfinder').set(other).expect(200)).body.find((o: { id: string }) => o.id === shared.id);
    expect(seen).toMatchObject({ user_id: null, title: 'Fellowship', upvotes: 1 });
    const feature = (await request(svc.url).get('/api/feature-requests').set(other).expect(200)).body.find((f: { id: string }) => f.id === featureId);
    expect(feature).toMatchObject({ title: 'Leaderboards', upvotes: 0 });
    expect((await svc.db.query('SELECT user_id FROM requested_features WHERE id = $1', [featureId])).rows[0].user_id).toBeNull();

    // The token has not expired yet, but it adds nothing any more.
    const refused = await request(svc.url).post(`/api/pathfinder/${shared.id}/upvote`).set(auth).expect(401);
    expect(refused.body.error.message).toBe('This account has been deleted');
    await request(svc.url).post('/api/contact-form').set(from()).set(auth).send({ subject: 'Feedback', message: 'back again' }).expect(401);
    await request(svc.url).post('/api/pathfinder').set(auth).send({ title: 't', description: 'd', link: 'https://again.example.com' }).expect(401);
    expect(await count('SELECT count(*) AS n FROM interactions WHERE user_id = $1')).toBe(0);
  });
});
