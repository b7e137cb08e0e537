import { randomUUID } from 'node:crypto';
import {
  FeatureComment,
  featureCommentSchema,
  FeatureRequest,
  featureRequestDetailSchema,
  ModerationAction,
  moderationActionSchema,
  shippedFeatureSchema,
} from '@app/contracts';
import { publishedEvents, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { announceDeletion, env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };

describe("community: the feature board (sorts, comments, merges, What's new)", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceAuth: Auth;
  let bobAuth: Auth;
  let carolAuth: Auth;
  let mod: Auth;

  startCommunity();

  beforeAll(async () => {
    alice = { ...env.newUser('alice.smith@example.com'), user_metadata: { full_name: 'Alice Smith' } };
    bob = env.newUser('bob@example.com');
    [aliceAuth, bobAuth, carolAuth, mod] = await Promise.all([
      env.authHeader(alice),
      env.authHeader(bob),
      env.authHeader(env.newUser()),
      env.authHeader(moderator(env)),
    ]);
  });

  const base = '/api/feature-requests';
  /** An open request of Alice's, stored as a moderator's approval leaves it (the contact form's daily cap would stop a test filing many). */
  const openRequest = async (description: string): Promise<string> => {
    const { rows } = await svc.db.query<{ id: string }>(
      "INSERT INTO requested_features (user_id, title, description, status) VALUES ($1, $2, $2, 'open') RETURNING id",
      [alice.id, description],
    );
    return rows[0].id;
  };
  const upvote = (id: string, auth: Auth) => request(svc.url).post(`${base}/${id}/interactions`).set(auth).send({ interaction_type: 'upvote' });
  const list = async (query: Record<string, string>, auth = bobAuth): Promise<FeatureRequest[]> =>
    (await request(svc.url).get(base).query(query).set(auth).expect(200)).body;
  /** Votes as if cast `days` ago, by users nobody else uses. */
  const oldVotes = async (id: string, count: number, days: number) => {
    for (let i = 0; i < count; i++) {
      await svc.db.query(
        `INSERT INTO interactions (user_id, entity_type, entity_id, interaction_type, created_at)
         VALUES ($1, 'feature_request', $2, 'upvote', now() - make_interval(days => $3))`,
        [randomUUID(), id, days],
      );
    }
  };
  const comments = (id: string) => `${base}/${id}/comments`;

  it('sorts by top, newest and trending (upvotes of the last 14 days only), and checks the sort', async () => {
    const tag = `sortable-${randomUUID().slice(0, 8)}`;
    const classic = await openRequest(`${tag} classic: many votes long ago`);
    const hot = await openRequest(`${tag} hot: a few votes this week`);
    const fresh = await openRequest(`${tag} fresh: no votes yet`);
    await svc.db.query("UPDATE requested_features SET created_at = now() - interval '30 days' WHERE id = $1", [classic]);
    await svc.db.query("UPDATE requested_features SET created_at = now() - interval '20 days' WHERE id = $1", [hot]);
    await oldVotes(classic, 5, 15);
    await oldVotes(hot, 2, 13);
    await upvote(hot, bobAuth).expect(201);

    const ids = async (sort?: string) => (await list({ q: tag, ...(sort && { sort }) })).map((f) => f.id);
    expect(await ids()).toEqual([classic, hot, fresh]);
    expect(await ids('top')).toEqual([classic, hot, fresh]);
    expect(await ids('newest')).toEqual([fresh, hot, classic]);
    // Five votes 15 days old count for nothing; two 13 days old and one today do.
    expect(await ids('trending')).toEqual([hot, classic, fresh]);
    expect((await list({ q: tag, sort: 'trending' })).find((f) => f.id === classic)?.upvotes).toBe(5);

    const bad = await request(svc.url).get(base).query({ sort: 'random' }).set(bobAuth).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', message: 'Sort must be one of top, newest, trending' });
    await request(svc.url)
      .get(base)
      .query({ sort: ['top', 'newest'] })
      .set(bobAuth)
      .expect(400);
  });

  it("comments with the author's name; edited and deleted by their author or a moderator, another user gets 403", async () => {
    const id = await openRequest('Company-tagged question lists');
    const added = await request(svc.url).post(comments(id)).set(aliceAuth).send({ body: '  Would love this for Google  ' }).expect(201);
    const mine: FeatureComment = featureCommentSchema.parse(added.body.data);
    expect(mine).toMatchObject({ author_name: 'Alice Smith', body: 'Would love this for Google', edited_at: null, can_edit: true, feature_request_id: id });
    await request(svc.url).post(comments(id)).set(bobAuth).send({ body: 'Same here' }).expect(201);

    const seenByBob: FeatureComment[] = (await request(svc.url).get(comments(id)).set(bobAuth).expect(200)).body;
    expect(seenByBob.map((c) => [c.author_name, c.body, c.can_edit])).toEqual([
      ['Alice Smith', 'Would love this for Google', false],
      // No full name: "Member" and a short id, not the e-mail's "bob" (issue 35).
      [expect.stringMatching(/^Member [0-9a-f]{6}$/), 'Same here', true],
    ]);
    expect((await request(svc.url).get(`${base}/${id}`).set(bobAuth).expect(200)).body.data.comment_count).toBe(2);

    const forbidden = await request(svc.url)
      .patch(`${comments(id)}/${mine.id}`)
      .set(bobAuth)
      .send({ body: 'hijacked' })
      .expect(403);
    expect(forbidden.body.error).toEqual({ code: 'forbidden', message: 'Only its author or a moderator can change this comment' });
    await request(svc.url)
      .delete(`${comments(id)}/${mine.id}`)
      .set(carolAuth)
      .expect(403);

    const edited = (
      await request(svc.url)
        .patch(`${comments(id)}/${mine.id}`)
        .set(aliceAuth)
        .send({ body: 'Would love this for Meta' })
        .expect(200)
    ).body.data;
    expect(edited).toMatchObject({ body: 'Would love this for Meta', edited_at: expect.any(String), edited_by_moderator: false });
    const moderated = (
      await request(svc.url)
        .patch(`${comments(id)}/${mine.id}`)
        .set(mod)
        .send({ body: '[removed by a moderator]' })
        .expect(200)
    ).body.data;
    expect(moderated).toMatchObject({ body: '[removed by a moderator]', edited_by_moderator: true });
    expect((await request(svc.url).get(comments(id)).set(mod).expect(200)).body.every((c: FeatureComment) => c.can_edit)).toBe(true);

    await request(svc.url)
      .delete(`${comments(id)}/${mine.id}`)
      .set(aliceAuth)
      .expect(204);
    await request(svc.url)
      .delete(`${comments(id)}/${mine.id}`)
      .set(aliceAuth)
      .expect(404);
    const bobs = (await request(svc.url).get(comments(id)).set(bobAuth).expect(200)).body[0] as FeatureComment;
    await request(svc.url)
      .delete(`${comments(id)}/${bobs.id}`)
      .set(mod)
      .expect(204);
    expect((await request(svc.url).get(comments(id)).set(bobAuth).expect(200)).body).toEqual([]);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM feature_request_comments WHERE feature_request_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });

  it('audits every moderator action on someone else’s request or comment, with what it said before and after (issue 35 item 5)', async () => {
    const id = await openRequest('Audited: spaced repetition for system design');
    const duplicate = await openRequest('Audited: spaced repetition for designs');
    const log = async (): Promise<ModerationAction[]> =>
      (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body.map((a: unknown) => moderationActionSchema.parse(a));
    const dana = env.newUser();
    const danaAuth = await env.authHeader(dana);
    const about = async (itemId: string) => (await log()).filter((a) => a.item_id === itemId);
    const danas = featureCommentSchema.parse(
      (await request(svc.url).post(comments(id)).set(danaAuth).send({ body: 'Make it free for everyone or I leave' }).expect(201)).body.data,
    );
    const own = featureCommentSchema.parse((await request(svc.url).post(comments(id)).set(mod).send({ body: 'Thanks, noted' }).expect(201)).body.data);

    // An author changing their own words, and a moderator their own, is no moderator action.
    await request(svc.url)
      .patch(`${comments(id)}/${danas.id}`)
      .set(danaAuth)
      .send({ body: 'Make it free please' })
      .expect(200);
    await request(svc.url)
      .patch(`${comments(id)}/${own.id}`)
      .set(mod)
      .send({ body: 'Thanks, noted!' })
      .expect(200);
    expect(await about(danas.id)).toEqual([]);
    expect(await about(own.id)).toEqual([]);

    await request(svc.url)
      .patch(`${comments(id)}/${danas.id}`)
      .set(mod)
      .send({ body: 'Please keep it kind' })
      .expect(200);
    const seen = (await request(svc.url).get(comments(id)).set(aliceAuth).expect(200)).body as FeatureComment[];
    expect(seen.find((c) => c.id === danas.id)).toMatchObject({ body: 'Please keep it kind', edited_by_moderator: true });
    await request(svc.url)
      .delete(`${comments(id)}/${danas.id}`)
      .set(mod)
      .expect(204);
    expect((await about(danas.id)).map((a) => [a.action, a.kind, a.item_title, a.before, a.after])).toEqual([
      ['deleted', 'feature_comment', 'Audited: spaced repetition for system design', 'Please keep it kind', null],
      ['edited', 'feature_comment', 'Audited: spaced repetition for system design', 'Make it free please', 'Please keep it kind'],
    ]);

    await request(svc.url).patch(`${base}/${id}`).set(mod).send({ status: 'planned' }).expect(200);
    await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: id }).expect(200);
    expect((await about(id)).map((a) => [a.action, a.before, a.after])).toEqual([['status_changed', 'Open', 'Planned']]);
    expect((await about(duplicate)).map((a) => [a.action, a.kind, a.after])).toEqual([
      ['merged', 'feature_request', 'Merged into "Audited: spaced repetition for system design"'],
    ]);

    // Dana's account erased: the log keeps that her comment was changed, not her words.
    await announceDeletion(env, dana.id);
    await waitFor(async () => (await about(danas.id)).every((a) => a.before === null && a.after === null));
  });

  it('a request has a title and a description, which its author edits until it is approved and a moderator at any time, audited (issue 38 item 6)', async () => {
    await request(svc.url)
      .post('/api/contact-form')
      .set(aliceAuth)
      .send({ subject: 'Feature Request', title: 'Flashcards offline', message: 'So I can review on the train.' })
      .expect(201);
    const { rows } = await svc.db.query<{ id: string }>("SELECT id FROM requested_features WHERE user_id = $1 AND title = 'Flashcards offline'", [alice.id]);
    const id = rows[0].id;
    const text = (auth: Auth, body: Record<string, unknown>) => request(svc.url).put(`${base}/${id}/text`).set(auth).send(body);
    const detail = async (auth: Auth) => featureRequestDetailSchema.parse((await request(svc.url).get(`${base}/${id}`).set(auth).expect(200)).body.data);

    expect(await detail(aliceAuth)).toMatchObject({ title: 'Flashcards offline', description: 'So I can review on the train.', can_edit: true });
    const edited = (await text(aliceAuth, { title: ' Offline flashcards ', description: 'Review on the train, without a signal.' }).expect(200)).body.data;
    expect(edited).toMatchObject({ title: 'Offline flashcards', description: 'Review on the train, without a signal.', can_edit: true });
    expect((await text(aliceAuth, { title: '', description: 'x' }).expect(400)).body.error.fields).toEqual({
      title: 'Please give the request a title of at most 120 characters',
    });
    // Someone else's pending request is not there for them at all.
    await text(bobAuth, { title: 'Mine now', description: 'x' }).expect(404);

    await request(svc.url).patch(`${base}/${id}`).set(mod).send({ status: 'open' }).expect(200);
    expect((await detail(aliceAuth)).can_edit).toBe(false);
    const refused = await text(aliceAuth, { title: 'Changed after the votes', description: 'x' }).expect(403);
    expect(refused.body.error.message).toBe('Only its author, while it waits for review, or a moderator can change this request');
    await text(bobAuth, { title: 'Hijacked', description: 'x' }).expect(403);

    expect((await detail(mod)).can_edit).toBe(true);
    await text(mod, { title: 'Offline mode for flashcards', description: 'Review on the train, without a signal.' }).expect(200);
    const log = (await request(svc.url).get('/api/moderation/log').set(mod).expect(200)).body as ModerationAction[];
    expect(log.filter((a) => a.item_id === id).map((a) => [a.action, a.before, a.after])).toEqual([
      ['edited', 'Offline flashcards\nReview on the train, without a signal.', 'Offline mode for flashcards\nReview on the train, without a signal.'],
      ['approved', null, null],
    ]);
  });

  it('refuses hostile comments in the error envelope: empty, too long, wrong types, unknown ids, signed out', async () => {
    const id = await openRequest('Offline flashcards');
    const tooLong = await request(svc.url)
      .post(comments(id))
      .set(bobAuth)
      .send({ body: 'x'.repeat(2001) })
      .expect(400);
    expect(tooLong.body.error).toMatchObject({ code: 'validation_failed', message: 'A comment can be at most 2000 characters' });
    await request(svc.url)
      .post(comments(id))
      .set(bobAuth)
      .send({ body: 'x'.repeat(2000) })
      .expect(201);
    expect((await request(svc.url).post(comments(id)).set(bobAuth).send({ body: '   ' }).expect(400)).body.error.message).toBe('Please write a comment');
    await request(svc.url).post(comments(id)).set(bobAuth).send({ body: 42 }).expect(400);
    await request(svc.url)
      .post(comments(id))
      .set(bobAuth)
      .send({ body: ['a'] })
      .expect(400);
    await request(svc.url).post(comments(id)).set(bobAuth).send('not json').set('Content-Type', 'application/json').expect(400);
    expect((await request(svc.url).post(comments(randomUUID())).set(bobAuth).send({ body: 'hi' }).expect(404)).body.error.message).toBe(
      'Feature request not found',
    );
    await request(svc.url).get(comments('nope')).set(bobAuth).expect(404);
    const unknown = await request(svc.url)
      .patch(`${comments(id)}/${randomUUID()}`)
      .set(bobAuth)
      .send({ body: 'hi' })
      .expect(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Comment not found' });
    // A comment of another request is not reachable through this one.
    const other = await openRequest('Mock interviews in Rust');
    const elsewhere = (await request(svc.url).post(comments(other)).set(bobAuth).send({ body: 'elsewhere' }).expect(201)).body.data;
    await request(svc.url)
      .delete(`${comments(id)}/${elsewhere.id}`)
      .set(bobAuth)
      .expect(404);
    await request(svc.url).post(comments(id)).send({ body: 'hi' }).expect(401);
    // Someone else's pending request is not there for comments.
    await request(svc.url)
      .post('/api/contact-form')
      .set(aliceAuth)
      .send({ subject: 'Feature Request', title: 'Secret pending idea', message: 'Secret pending idea' })
      .expect(201);
    const { rows } = await svc.db.query<{ id: string }>("SELECT id FROM requested_features WHERE description = 'Secret pending idea'");
    await request(svc.url).post(comments(rows[0].id)).set(bobAuth).send({ body: 'peek' }).expect(404);
  });

  it('keeps 20 concurrent comments and votes by 20 users, each counted once', async () => {
    const id = await openRequest('Concurrent board');
    const users = await Promise.all(Array.from({ length: 20 }, () => env.authHeader(env.newUser())));
    const results = await Promise.all(
      users.flatMap((auth, i) => [
        request(svc.url)
          .post(comments(id))
          .set(auth)
          .send({ body: `comment ${i}` }),
        upvote(id, auth),
        upvote(id, auth),
      ]),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const all: FeatureComment[] = (await request(svc.url).get(comments(id)).set(bobAuth).expect(200)).body;
    expect(all.map((c) => c.body).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `comment ${i}`).sort());
    expect((await request(svc.url).get(`${base}/${id}`).set(bobAuth).expect(200)).body.data.upvotes).toBe(20);
  });

  it('merges a duplicate: its votes and subscribers move, a voter of both counts once, and it is no longer listed', async () => {
    const target = await openRequest('Dark mode');
    const duplicate = await openRequest('Night theme please');
    const carolUser = env.newUser();
    const carol = await env.authHeader(carolUser);
    await upvote(target, aliceAuth).expect(201);
    await upvote(duplicate, aliceAuth).expect(201);
    await upvote(duplicate, bobAuth).expect(201);
    await upvote(duplicate, carol).expect(201);
    await request(svc.url).put(`${base}/${duplicate}/subscription`).set(carolAuth).expect(200);

    const refused = await request(svc.url).post(`${base}/${duplicate}/merge`).set(bobAuth).send({ into_id: target }).expect(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: duplicate }).expect(400)).body.error.message).toBe(
      'A request cannot be merged into itself',
    );
    await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: 'x' }).expect(400);
    await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({}).expect(400);
    expect((await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: randomUUID() }).expect(404)).body.error.message).toBe(
      'The request to merge into was not found',
    );

    const merged = featureRequestDetailSchema.parse(
      (await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: target }).expect(200)).body.data,
    );
    expect(merged).toMatchObject({ id: duplicate, upvotes: 0, merged_into: { id: target, title: 'Dark mode' } });
    const into = (await request(svc.url).get(`${base}/${target}`).set(bobAuth).expect(200)).body.data;
    expect(into).toMatchObject({ upvotes: 3, merged_into: null });
    const { rows } = await svc.db.query<{ user_id: string }>(
      "SELECT user_id FROM interactions WHERE entity_type = 'feature_request' AND entity_id = $1 ORDER BY user_id",
      [target],
    );
    expect(rows.map((r) => r.user_id)).toEqual([alice.id, bob.id, carolUser.id].sort());
    expect((await request(svc.url).get(`${base}/${target}/interactions`).set(carolAuth).expect(200)).body.isSubscribed).toBe(true);

    expect((await list({ q: 'Night theme' })).map((f) => f.id)).toEqual([]);
    expect((await list({ q: 'Dark mode' })).map((f) => f.id)).toEqual([target]);
    // The duplicate's page still says where it went; it takes no more votes or comments, nor a second merge.
    expect((await request(svc.url).get(`${base}/${duplicate}`).set(carolAuth).expect(200)).body.data.merged_into.title).toBe('Dark mode');
    expect((await upvote(duplicate, carolAuth).expect(409)).body.error.message).toBe('This request has been merged into another one');
    await request(svc.url).post(comments(duplicate)).set(bobAuth).send({ body: 'late' }).expect(409);
    await request(svc.url).post(`${base}/${duplicate}/merge`).set(mod).send({ into_id: target }).expect(409);
    await request(svc.url).post(`${base}/${target}/merge`).set(mod).send({ into_id: duplicate }).expect(409);
  });

  it('tells every voter and subscriber of a status change, each once', async () => {
    const id = await openRequest('Voice interviews in Spanish');
    const voterOnly = env.newUser();
    await upvote(id, await env.authHeader(voterOnly)).expect(201);
    await upvote(id, aliceAuth).expect(201);
    await request(svc.url).put(`${base}/${id}/subscription`).set(aliceAuth).expect(200);
    await request(svc.url).put(`${base}/${id}/subscription`).set(bobAuth).expect(200);

    await request(svc.url).patch(`${base}/${id}`).set(mod).send({ status: 'started' }).expect(200);
    const events = await waitFor(async () => {
      const found = (await publishedEvents(env, 'community.feature_request.status_changed')).filter((e) => e.data.feature_request_id === id);
      return found.length > 0 && found;
    }, 30_000);
    expect(events).toHaveLength(1);
    expect([...(events[0].data.subscriber_ids as string[])].sort()).toEqual([alice.id, bob.id, voterOnly.id].sort());
    // Alice voted and follows: she counts as a follower (her settings for followed requests apply).
    expect([...(events[0].data.follower_ids as string[])].sort()).toEqual([alice.id, bob.id].sort());
  });

  it("lists What's new: done requests, most recently done first, without merged ones", async () => {
    const first = await openRequest('Shipped first');
    const second = await openRequest('Shipped second');
    const mergedAway = await openRequest('Shipped but merged');
    await request(svc.url).patch(`${base}/${first}`).set(mod).send({ status: 'completed' }).expect(200);
    await svc.db.query("UPDATE requested_features SET completed_at = now() - interval '1 day' WHERE id = $1", [first]);
    await request(svc.url).patch(`${base}/${second}`).set(mod).send({ status: 'completed' }).expect(200);
    await request(svc.url).patch(`${base}/${mergedAway}`).set(mod).send({ status: 'completed' }).expect(200);
    await request(svc.url).post(`${base}/${mergedAway}/merge`).set(mod).send({ into_id: second }).expect(200);

    const shipped = (await request(svc.url).get(`${base}/whats-new`).set(bobAuth).expect(200)).body.map((f: unknown) => shippedFeatureSchema.parse(f));
    const ids = shipped.map((f: { id: string }) => f.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(mergedAway);
    expect(shipped.every((f: { status: string }) => f.status === 'completed')).toBe(true);
    // Reopening takes it off the page.
    await request(svc.url).patch(`${base}/${first}`).set(mod).send({ status: 'started' }).expect(200);
    expect((await request(svc.url).get(`${base}/whats-new`).set(bobAuth).expect(200)).body.map((f: { id: string }) => f.id)).not.toContain(first);
    await request(svc.url).get(`${base}/whats-new`).expect(401);
  });

  it("removes a deleted account's comments, and the account writes no new ones", async () => {
    const id = await openRequest('Interview timers');
    const leaver = env.newUser();
    const leaverAuth = await env.authHeader(leaver);
    await request(svc.url).post(comments(id)).set(leaverAuth).send({ body: 'Soon gone' }).expect(201);
    await request(svc.url).post(comments(id)).set(bobAuth).send({ body: 'Staying' }).expect(201);
    await announceDeletion(env, leaver.id);
    await waitFor(async () => {
      const { rows } = await svc.db.query('SELECT 1 FROM feature_request_comments WHERE user_id = $1', [leaver.id]);
      return rows.length === 0;
    }, 30_000);
    expect((await request(svc.url).get(comments(id)).set(bobAuth).expect(200)).body.map((c: FeatureComment) => c.body)).toEqual(['Staying']);
    expect((await request(svc.url).post(comments(id)).set(leaverAuth).send({ body: 'Back?' }).expect(401)).body.error.code).toBe('unauthorized');
  });
});
