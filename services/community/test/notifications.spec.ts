import { randomUUID } from 'node:crypto';
import { capMessages, caps, Notification, notificationRequestedEvent, notificationSchema } from '@app/contracts';
import { publishedEvents, publishEvent, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { announceDeletion, env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };

describe('community: the notifications bell', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceAuth: Auth;
  let bobAuth: Auth;
  let carolAuth: Auth;
  let mod: Auth;

  startCommunity();

  beforeAll(async () => {
    alice = env.newUser();
    bob = env.newUser();
    carol = { ...env.newUser(), user_metadata: { full_name: 'Carol Chen' } };
    [aliceAuth, bobAuth, carolAuth, mod] = await Promise.all([
      env.authHeader(alice),
      env.authHeader(bob),
      env.authHeader(carol),
      env.authHeader(moderator(env)),
    ]);
  });

  const list = async (auth: Auth, query = ''): Promise<{ items: Notification[]; next?: string }> => {
    const res = await request(svc.url).get(`/api/notifications${query}`).set(auth).expect(200);
    return { items: res.body.map((n: unknown) => notificationSchema.parse(n)), next: res.headers['x-next-cursor'] };
  };
  const unread = async (auth: Auth): Promise<number> => (await request(svc.url).get('/api/notifications/unread-count').set(auth).expect(200)).body.unread;
  /** Waits until the user has notifications of `kind` about `link`, then answers them. */
  const arrived = (auth: Auth, link: string, count = 1) =>
    waitFor(async () => {
      const mine = (await list(auth, '?limit=100')).items.filter((n) => n.link === link);
      return mine.length >= count && mine;
    }, 20_000);

  /** Files a request as Alice (a Feature Request message) and opens it. */
  const openRequest = async (message: string): Promise<string> => {
    await request(svc.url).post('/api/contact-form').set(aliceAuth).send({ subject: 'Feature Request', title: message, message }).expect(201);
    const { rows } = await svc.db.query<{ id: string }>('SELECT id FROM requested_features WHERE description = $1', [message]);
    await request(svc.url).patch(`/api/feature-requests/${rows[0].id}`).set(mod).send({ status: 'open' }).expect(200);
    return rows[0].id;
  };

  it('tells every voter and subscriber of a request about its new status, once each, and announces each notification', async () => {
    const id = await openRequest('Notify me about dark mode');
    await request(svc.url).post(`/api/feature-requests/${id}/interactions`).set(bobAuth).send({ interaction_type: 'upvote' }).expect(201);
    await request(svc.url).put(`/api/feature-requests/${id}/subscription`).set(carolAuth).expect(200);
    await request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send({ status: 'planned' }).expect(200);

    const link = `/feature-requests/${id}`;
    for (const auth of [bobAuth, carolAuth]) {
      const [n] = await arrived(auth, link);
      expect(n).toMatchObject({ kind: 'feature_status', title: expect.stringContaining('is now planned'), read_at: null, by_moderator: true });
    }
    // Alice neither voted nor subscribed.
    expect((await list(aliceAuth)).items.filter((n) => n.link === link && n.kind === 'feature_status')).toEqual([]);
    const announced = await waitFor(async () => {
      const events = (await publishedEvents(env, 'community.notification.created')).filter((e) => e.data.link === link);
      return events.length === 2 && events;
    });
    expect(announced.map((e) => e.data.user_id).sort()).toEqual([bob.id, carol.id].sort());
  });

  it('names the new status as the board’s badge does (one wording: "in progress", "completed")', async () => {
    for (const [status, words] of [
      ['started', 'in progress'],
      ['completed', 'completed'],
    ]) {
      const id = randomUUID();
      await publishEvent(env, 'community.feature_request.status_changed', {
        feature_request_id: id,
        title: 'Keyboard shortcuts',
        status,
        subscriber_ids: [bob.id],
        changed_at: new Date().toISOString(),
      });
      const [n] = await arrived(bobAuth, `/feature-requests/${id}`);
      expect(n.title).toBe(`"Keyboard shortcuts" is now ${words}`);
    }
  });

  it('a redelivered event (same event id past the duplicate window) stores no second notification', async () => {
    const itemId = randomUUID();
    const id = randomUUID();
    const rejection = {
      user_id: alice.id,
      kind: 'opportunity' as const,
      item_id: itemId,
      title: 'Spam internship',
      reason: 'The link leads to a sign-up wall',
      action: 'rejected' as const,
      rejected_at: new Date().toISOString(),
    };
    await publishEvent(env, 'community.submission.rejected', rejection, { id });
    await publishEvent(env, 'community.submission.rejected', rejection, { id, msgId: randomUUID() });
    const [n] = await arrived(aliceAuth, '/pathfinder');
    expect(n).toMatchObject({
      kind: 'submission_rejected',
      title: 'Your opportunity "Spam internship" was not approved',
      body: 'Reason: The link leads to a sign-up wall',
    });
    // A third delivery under a new processing record still meets the row's unique key.
    await svc.db.query('DELETE FROM processed_events WHERE event_id = $1', [id]);
    await publishEvent(env, 'community.submission.rejected', { ...rejection, action: 'taken_down' }, { id, msgId: randomUUID() });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id])).rowCount === 1);
    const { rows } = await svc.db.query('SELECT title FROM notifications WHERE source_event_id = $1', [id]);
    expect(rows).toEqual([{ title: 'Your opportunity "Spam internship" was not approved' }]);

    // A take-down of a request without a reason still says so.
    const request = randomUUID();
    await publishEvent(env, 'community.submission.rejected', {
      ...rejection,
      kind: 'feature_request',
      item_id: request,
      title: 'Dark mode',
      reason: '',
      action: 'taken_down',
    });
    const [down] = await arrived(aliceAuth, `/feature-requests/${request}`);
    expect(down).toMatchObject({ title: 'Your feature request "Dark mode" was taken down', body: 'No reason was given.' });
  });

  it("tells a request's author and earlier commenters of a new comment, never its writer", async () => {
    const id = await openRequest('Notify me about comments');
    const link = `/feature-requests/${id}`;
    const comment = (auth: Auth, body: string) => request(svc.url).post(`/api/feature-requests/${id}/comments`).set(auth).send({ body }).expect(201);

    await comment(bobAuth, 'Yes please');
    const [first] = await arrived(aliceAuth, link);
    expect(first).toMatchObject({ kind: 'comment', body: 'Yes please' });

    await comment(carolAuth, 'Me too');
    const toBob = await waitFor(async () => (await arrived(bobAuth, link)).find((n) => n.body === 'Me too'));
    expect(toBob).toMatchObject({ title: expect.stringContaining('Carol Chen commented on'), count: 1, by_moderator: false });
    // Alice's unread one collapsed: one row telling of both.
    const toAlice = await waitFor(async () => (await arrived(aliceAuth, link)).find((n) => n.count === 2));
    expect(toAlice).toMatchObject({ title: '2 new comments on "Notify me about comments"', body: 'Me too', read_at: null });
    expect((await list(aliceAuth, '?limit=100')).items.filter((n) => n.link === link)).toHaveLength(1);
    const { rows } = await svc.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND link = $2 AND kind = 'comment'", [carol.id, link]);
    expect(rows).toEqual([]);

    // Once read, the next comment is a new notification; a moderator's says so.
    await request(svc.url).put(`/api/notifications/${toAlice.id}/read`).set(aliceAuth).expect(200);
    await comment(mod, 'Planned for next month');
    const fresh = await waitFor(async () => (await arrived(aliceAuth, link)).find((n) => n.read_at === null));
    expect(fresh).toMatchObject({ count: 1, by_moderator: true, body: 'Planned for next month' });
  });

  it('one account commenting fast stops at the daily cap, and the author gets one notification telling how many (issue 35 item 6)', async () => {
    const id = await openRequest('Notify me once about a flood of comments');
    const link = `/feature-requests/${id}`;
    const flooder = env.newUser();
    const flooderAuth = await env.authHeader(flooder);
    const answers = [];
    for (let i = 0; i < caps.featureCommentsPerDay + 5; i += 15) {
      const batch = Array.from({ length: Math.min(15, caps.featureCommentsPerDay + 5 - i) }, (_v, j) =>
        request(svc.url)
          .post(`/api/feature-requests/${id}/comments`)
          .set(flooderAuth)
          .send({ body: `Comment ${i + j}` }),
      );
      answers.push(...(await Promise.all(batch)));
    }
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(caps.featureCommentsPerDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)!.body.error).toEqual({ code: 'rate_limited', message: capMessages.featureCommentsPerDay });
    const toAlice = await waitFor(async () => (await arrived(aliceAuth, link)).find((n) => n.count === caps.featureCommentsPerDay), 30_000);
    expect(toAlice.title).toBe(`${caps.featureCommentsPerDay} new comments on "Notify me once about a flood of comments"`);
    const unreadRows = await svc.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND link = $2 AND read_at IS NULL', [
      alice.id,
      link,
    ]);
    expect(unreadRows.rows).toEqual([{ n: 1 }]);
  });

  it('pages newest first with a cursor, and refuses a cursor it did not make', async () => {
    const dave = env.newUser();
    const daveAuth = await env.authHeader(dave);
    for (let i = 1; i <= 25; i++) {
      await publishEvent(env, 'community.notification.requested', {
        user_ids: [dave.id],
        kind: 'practice_streak',
        title: `Streak ${i}`,
        body: '',
        link: `/streak/${i}`,
      });
    }
    await waitFor(async () => (await unread(daveAuth)) === 25, 30_000);

    const first = await list(daveAuth);
    expect(first.items).toHaveLength(20);
    expect(first.next).toBeDefined();
    const second = await list(daveAuth, `?cursor=${first.next}`);
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeUndefined();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    const times = all.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const bad = await request(svc.url).get('/api/notifications?cursor=bm90LWEtY3Vyc29y').set(daveAuth).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { cursor: 'Invalid cursor' } });
    const tooMany = await request(svc.url).get('/api/notifications?limit=0').set(daveAuth).expect(400);
    expect(tooMany.body.error.fields).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
    await request(svc.url).get('/api/notifications').expect(401);
  });

  it("marks only the owner's notification read: someone else's is a 404, reading twice keeps the first time", async () => {
    const erin = env.newUser();
    const erinAuth = await env.authHeader(erin);
    await publishEvent(env, 'community.notification.requested', { user_ids: [erin.id], kind: 'comment', title: 'One', body: '', link: '/feature-request' });
    await publishEvent(env, 'community.notification.requested', { user_ids: [erin.id], kind: 'comment', title: 'Two', body: '', link: '/feature-request' });
    await waitFor(async () => (await unread(erinAuth)) === 2);
    const [n] = (await list(erinAuth)).items;

    const other = await request(svc.url).put(`/api/notifications/${n.id}/read`).set(bobAuth).expect(404);
    expect(other.body.error.message).toBe('Notification not found');
    await request(svc.url).put(`/api/notifications/${randomUUID()}/read`).set(erinAuth).expect(404);
    await request(svc.url).put("/api/notifications/1'%20OR%201=1/read").set(erinAuth).expect(404);
    expect(await unread(erinAuth)).toBe(2);

    const read = (await request(svc.url).put(`/api/notifications/${n.id}/read`).set(erinAuth).expect(200)).body.data;
    expect(read.read_at).not.toBeNull();
    const again = (await request(svc.url).put(`/api/notifications/${n.id}/read`).set(erinAuth).expect(200)).body.data;
    expect(again.read_at).toBe(read.read_at);
    expect(await unread(erinAuth)).toBe(1);

    expect((await request(svc.url).post('/api/notifications/read-all').set(erinAuth).expect(200)).body).toEqual({ unread: 0 });
    expect((await list(erinAuth)).items.every((x) => x.read_at !== null)).toBe(true);
  });

  it('many mark-read and mark-all calls at once all succeed and leave nothing unread', async () => {
    const frank = env.newUser();
    const frankAuth = await env.authHeader(frank);
    for (let i = 0; i < 10; i++) {
      await publishEvent(env, 'community.notification.requested', {
        user_ids: [frank.id],
        kind: 'comment',
        title: `N${i}`,
        body: '',
        link: '/feature-request',
      });
    }
    await waitFor(async () => (await unread(frankAuth)) === 10);
    const { items } = await list(frankAuth);
    const calls = [
      ...items.flatMap((n) => [0, 1, 2].map(() => request(svc.url).put(`/api/notifications/${n.id}/read`).set(frankAuth))),
      ...[0, 1, 2, 3, 4].map(() => request(svc.url).post('/api/notifications/read-all').set(frankAuth)),
    ];
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await unread(frankAuth)).toBe(0);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [frank.id]);
    expect(rows).toEqual([{ n: 10 }]);
  });

  it('refuses a requested notification that links outside the app, and forgets a deleted account', async () => {
    const ok = { user_ids: [alice.id], kind: 'comment', title: 'Hi', body: '', link: '/pathfinder' };
    expect(notificationRequestedEvent.safeParse(ok).success).toBe(true);
    for (const link of ['https://evil.example/phish', '//evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      expect(notificationRequestedEvent.safeParse({ ...ok, link }).success).toBe(false);
    }
    expect(notificationRequestedEvent.safeParse({ ...ok, kind: 'Bad Kind!' }).success).toBe(false);

    const gone = env.newUser();
    await publishEvent(env, 'community.notification.requested', { ...ok, user_ids: [gone.id] });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [gone.id])).rowCount === 1);
    await announceDeletion(env, gone.id);
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [gone.id])).rowCount === 0);
    // One asked for after the deletion stores nothing.
    const late = await publishEvent(env, 'community.notification.requested', { ...ok, user_ids: [gone.id] });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [late.id])).rowCount === 1);
    expect((await svc.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [gone.id])).rowCount).toBe(0);
  });
});
