import { randomUUID } from 'node:crypto';
import {
  anonymousAuthorName,
  attemptSchema,
  communityDesignMessages,
  communityDesignSchema,
  CommunityDesignSummary,
  communityDesignSummarySchema,
  designPublishedEvent,
} from '@app/contracts';
import { practiceService } from '@app/practice';
import { RunningService } from '@app/service-kit';
import { TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** Practice publishes a submitted attempt; community lists it, counts its upvotes and takes it down. */
describe('community designs (issue 36 item 5)', () => {
  startCommunity();
  let practice: RunningService;
  let alice: TestUser;
  let aliceAuth: Auth;
  let carol: TestUser;
  let carolAuth: Auth;
  let bobAuth: Auth;
  let daveAuth: Auth;
  let modAuth: Auth;

  beforeAll(async () => {
    practice = await env.start(practiceService);
    alice = { ...env.newUser(), user_metadata: { full_name: 'Alice Liddell' } };
    carol = { ...env.newUser(), user_metadata: { full_name: 'Carol Shown' } };
    [aliceAuth, carolAuth, bobAuth, daveAuth, modAuth] = await Promise.all([
      env.authHeader(alice),
      env.authHeader(carol),
      env.authHeader(env.newUser()),
      env.authHeader(env.newUser()),
      env.authHeader(moderator(env)),
    ]);
    // Bob has designed the prompt himself, so others' designs of it are open to him.
    await submitted(bobAuth);
  });

  const scene = { type: 'excalidraw', elements: [{ id: 'cache', type: 'text', text: 'Redis cache' }] };
  /** A submitted url-shortener attempt with notes and a drawing. */
  const submitted = async (auth: Auth): Promise<string> => {
    const attempt = attemptSchema.parse(
      (await request(practice.url).post('/api/system-design/prompts/url-shortener/attempts').set(auth).send({ mode: 'untimed' }).expect(201)).body.data,
    );
    await request(practice.url)
      .put(`/api/system-design/attempts/${attempt.id}`)
      .set(auth)
      .send({ revision: 1, notes: { requirements: 'Shorten 100M links a day' }, scene })
      .expect(200);
    await request(practice.url).post(`/api/system-design/attempts/${attempt.id}/submit`).set(auth).expect(200);
    return attempt.id;
  };
  const publish = (auth: Auth, id: string, body: Record<string, unknown> = {}) =>
    request(practice.url).post(`/api/system-design/attempts/${id}/publish`).set(auth).send(body);
  const list = async (auth: Auth): Promise<CommunityDesignSummary[]> =>
    (await request(svc.url).get('/api/community-designs?prompt=url-shortener').set(auth).expect(200)).body;
  /** Once community heard of the design, and of the caller's own submission (events, moments later). */
  const listed = (auth: Auth, id: string) =>
    waitFor(async () => {
      const res = await request(svc.url).get('/api/community-designs?prompt=url-shortener').set(auth);
      return res.status === 200 && (res.body as CommunityDesignSummary[]).find((d) => d.id === id);
    });
  const upvote = (auth: Auth, id: string) => request(svc.url).post(`/api/community-designs/${id}/upvote`).set(auth);
  const upvoteRows = async (id: string) =>
    (await svc.db.query("SELECT count(*)::int AS n FROM interactions WHERE entity_type = 'design' AND entity_id = $1", [id])).rows[0].n;

  it('publishes a submitted attempt anonymously: listed with its notes, its drawing read-only, and no answer to others names its author', async () => {
    const id = await submitted(aliceAuth);
    const { id: draft } = attemptSchema.parse(
      (await request(practice.url).post('/api/system-design/prompts/url-shortener/attempts').set(aliceAuth).send({ mode: 'untimed' }).expect(201)).body.data,
    );
    await publish(aliceAuth, draft).expect(409, { error: { code: 'conflict', message: communityDesignMessages.notSubmitted } });
    await publish(bobAuth, id).expect(404);
    expect((await publish(aliceAuth, id).expect(200)).body).toEqual({ data: { design_id: id } });

    const seen = communityDesignSummarySchema.parse(await listed(bobAuth, id));
    expect(seen).toMatchObject({
      prompt_title: 'URL shortener',
      author_name: null,
      notes: { requirements: 'Shorten 100M links a day' },
      upvotes: 0,
      mine: false,
    });
    const full = communityDesignSchema.parse((await request(svc.url).get(`/api/community-designs/${id}`).set(bobAuth).expect(200)).body);
    expect(full.scene).toEqual(scene);
    const voted = (await upvote(bobAuth, id).expect(200)).body;
    for (const answer of [await list(bobAuth), full, voted]) {
      expect(JSON.stringify(answer)).not.toContain(alice.id);
      expect(JSON.stringify(answer)).not.toContain('Alice');
    }
    expect((await list(aliceAuth)).find((d) => d.id === id)).toMatchObject({ mine: true, author_name: null });
  });

  it("shows the username the author chose to show, from community's member copy: the event carries no name", async () => {
    const id = await submitted(carolAuth);
    await publish(carolAuth, id, { show_username: true }).expect(200);
    // Before Carol has called community it knows no name of hers: she is named as a member without one.
    expect((await listed(bobAuth, id))?.author_name).toMatch(/^Member [0-9a-f]{6}$/);
    await list(carolAuth);
    expect((await list(bobAuth)).find((d) => d.id === id)).toMatchObject({ author_name: 'Carol Shown', mine: false });
    await publish(carolAuth, id, { show_username: 'yes' }).expect(400);
    // An event from before named the author: it still reads, as shown, and the name is dropped.
    const before = { design_id: id, user_id: carol.id, prompt_slug: 'url-shortener', prompt_title: 'URL shortener', notes: {}, scene: null };
    const legacy = designPublishedEvent.parse({ ...before, published_at: new Date().toISOString(), author_name: 'Carol Shown' });
    expect(legacy).toEqual({ ...before, published_at: expect.any(String), show_username: true });
  });

  it("hides others' designs of a prompt until the caller submitted an attempt of it, in every call", async () => {
    const id = await submitted(aliceAuth);
    await publish(aliceAuth, id).expect(200);
    await listed(bobAuth, id);
    const hidden = { error: { code: 'forbidden', message: communityDesignMessages.hidden } };
    await request(svc.url).get('/api/community-designs?prompt=url-shortener').set(daveAuth).expect(403, hidden);
    await request(svc.url).get(`/api/community-designs/${id}`).set(daveAuth).expect(403, hidden);
    await request(svc.url).get(`/api/community-designs/${id}/comments`).set(daveAuth).expect(403, hidden);
    await request(svc.url).post(`/api/community-designs/${id}/comments`).set(daveAuth).send({ body: 'Peeking' }).expect(403, hidden);
    await upvote(daveAuth, id).expect(403, hidden);
    // A moderator reads them to moderate.
    expect((await list(modAuth)).map((d) => d.id)).toContain(id);
    await submitted(daveAuth);
    expect(await listed(daveAuth, id)).toMatchObject({ mine: false });
  });

  it('refuses a drawing too large for the event stream with its own message', async () => {
    const { id } = attemptSchema.parse(
      (await request(practice.url).post('/api/system-design/prompts/url-shortener/attempts').set(aliceAuth).send({ mode: 'untimed' }).expect(201)).body.data,
    );
    const big = { type: 'excalidraw', elements: [{ id: 'note', type: 'text', text: 'x'.repeat(300_000) }] };
    await request(practice.url).put(`/api/system-design/attempts/${id}`).set(aliceAuth).send({ revision: 1, notes: {}, scene: big }).expect(200);
    await request(practice.url).post(`/api/system-design/attempts/${id}/submit`).set(aliceAuth).expect(200);
    await publish(aliceAuth, id).expect(413, { error: { code: 'payload_too_large', message: communityDesignMessages.tooLarge } });
  });

  it('counts one upvote per member through interactions, none from the author, and tells the author once', async () => {
    const id = await submitted(aliceAuth);
    await publish(aliceAuth, id).expect(200);
    await listed(bobAuth, id);
    expect((await upvote(bobAuth, id).expect(200)).body.data).toMatchObject({ upvotes: 1, voted: true });
    expect((await upvote(bobAuth, id).expect(200)).body.data).toMatchObject({ upvotes: 1, voted: true });
    await upvote(aliceAuth, id).expect(403, { error: { code: 'forbidden', message: communityDesignMessages.ownVote } });
    expect(await upvoteRows(id)).toBe(1);
    const told = await waitFor(async () => {
      const { rows } = await svc.db.query("SELECT title, link FROM notifications WHERE user_id = $1 AND kind = 'design_upvote' AND link LIKE $2", [
        alice.id,
        `%${id}`,
      ]);
      return rows.length > 0 && rows;
    });
    expect(told).toEqual([{ title: 'Someone upvoted your design of "URL shortener"', link: `/system-design/url-shortener?design=${id}` }]);
    await request(svc.url).delete(`/api/community-designs/${id}/upvote`).set(bobAuth).expect(204);
    expect((await list(bobAuth)).find((d) => d.id === id)).toMatchObject({ upvotes: 0, voted: false });
  });

  it('takes comments through the feature board\'s comments: the anonymous author stays "The author", and the author hears of the others\'', async () => {
    const id = await submitted(aliceAuth);
    await publish(aliceAuth, id).expect(200);
    await listed(bobAuth, id);
    const comment = (auth: Auth, body: unknown) => request(svc.url).post(`/api/community-designs/${id}/comments`).set(auth).send({ body });
    expect((await comment(bobAuth, 'Why 302 and not 301?').expect(201)).body.data).toMatchObject({ body: 'Why 302 and not 301?', can_edit: true });
    await comment(aliceAuth, 'To count clicks.').expect(201);
    expect((await comment(bobAuth, ' ').expect(400)).body.error.fields).toEqual({ body: 'Please write a comment' });
    const thread = (await request(svc.url).get(`/api/community-designs/${id}/comments`).set(bobAuth).expect(200)).body;
    expect(thread.map((c: { body: string; author_name: string; can_edit: boolean }) => [c.body, c.author_name === anonymousAuthorName, c.can_edit])).toEqual([
      ['Why 302 and not 301?', false, true],
      ['To count clicks.', true, false],
    ]);
    expect(JSON.stringify(thread)).not.toContain(alice.id);
    expect(JSON.stringify(thread)).not.toContain('Alice');
    const { rows } = await svc.db.query('SELECT design_id FROM feature_request_comments WHERE design_id = $1', [id]);
    expect(rows).toHaveLength(2);
    const told = await waitFor(async () => {
      const found = await svc.db.query<{ user_id: string; title: string }>(
        "SELECT user_id, title FROM notifications WHERE kind = 'comment' AND link LIKE $1 ORDER BY created_at",
        [`%${id}`],
      );
      return found.rows.length >= 2 && found.rows;
    });
    expect(told.find((n) => n.user_id === alice.id)?.title).toMatch(/commented on a design of "URL shortener"$/);
    expect(told.find((n) => n.title.startsWith(anonymousAuthorName))).toBeDefined();
    await request(svc.url).post(`/api/community-designs/${randomUUID()}/comments`).set(bobAuth).send({ body: 'Hello' }).expect(404);
  });

  it('lets a commenter edit their own comment, which then shows as edited, and nobody else', async () => {
    const id = await submitted(aliceAuth);
    await publish(aliceAuth, id).expect(200);
    await listed(bobAuth, id);
    const posted = (await request(svc.url).post(`/api/community-designs/${id}/comments`).set(bobAuth).send({ body: 'Why 302?' }).expect(201)).body.data;
    expect(posted.edited_at).toBeNull();
    const edit = (auth: Auth, body: unknown, commentId = posted.id) =>
      request(svc.url).put(`/api/community-designs/${id}/comments/${commentId}`).set(auth).send({ body });
    await edit(aliceAuth, 'Changed').expect(403, { error: { code: 'forbidden', message: communityDesignMessages.notYourComment } });
    await edit(bobAuth, 'Why 302 and not 301?', randomUUID()).expect(404, { error: { code: 'not_found', message: communityDesignMessages.commentNotFound } });
    await edit(bobAuth, ' ').expect(400);
    expect((await edit(bobAuth, 'Why 302 and not 301?').expect(200)).body.data).toMatchObject({ body: 'Why 302 and not 301?', can_edit: true });
    const thread = (await request(svc.url).get(`/api/community-designs/${id}/comments`).set(aliceAuth).expect(200)).body;
    expect(thread).toEqual([expect.objectContaining({ id: posted.id, body: 'Why 302 and not 301?', edited_at: expect.any(String), can_edit: false })]);
  });

  it('lets only the author unpublish: the design and its upvotes go, the attempt stays', async () => {
    const id = await submitted(aliceAuth);
    await publish(aliceAuth, id).expect(200);
    await listed(bobAuth, id);
    await upvote(bobAuth, id).expect(200);
    await request(svc.url)
      .delete(`/api/community-designs/${id}`)
      .set(bobAuth)
      .expect(403, { error: { code: 'forbidden', message: communityDesignMessages.notYours } });
    await request(svc.url).delete(`/api/community-designs/${id}`).set(aliceAuth).expect(204);
    expect((await list(bobAuth)).map((d) => d.id)).not.toContain(id);
    await request(svc.url)
      .get(`/api/community-designs/${id}`)
      .set(bobAuth)
      .expect(404, { error: { code: 'not_found', message: communityDesignMessages.notFound } });
    expect(await upvoteRows(id)).toBe(0);
    await request(practice.url).get(`/api/system-design/attempts/${id}`).set(aliceAuth).expect(200);
  });

  it('lets a moderator take a design down with a reason: unlisted, in the audit log, and the author told why', async () => {
    const id = await submitted(carolAuth);
    await publish(carolAuth, id).expect(200);
    await listed(bobAuth, id);
    const takeDown = (auth: Auth, body: Record<string, unknown>) => request(svc.url).post(`/api/community-designs/${id}/take-down`).set(auth).send(body);
    await takeDown(bobAuth, { reason: 'Spam' }).expect(403);
    expect((await takeDown(modAuth, { reason: ' ' }).expect(400)).body.error.fields).toEqual({ reason: communityDesignMessages.reason });
    await takeDown(modAuth, { reason: 'Copied from a course' }).expect(204);
    await takeDown(modAuth, { reason: 'Again' }).expect(404);
    expect((await list(bobAuth)).map((d) => d.id)).not.toContain(id);
    const log = (await request(svc.url).get('/api/moderation/log').set(modAuth).expect(200)).body;
    expect(log.find((line: { item_id: string }) => line.item_id === id)).toMatchObject({
      action: 'taken_down',
      kind: 'community_design',
      reason: 'Copied from a course',
    });
    const told = await waitFor(async () => {
      const { rows } = await svc.db.query("SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'submission_rejected'", [carol.id]);
      return rows.length > 0 && rows;
    });
    expect(told).toEqual([{ title: 'Your design of "URL shortener" was taken down', body: 'Reason: Copied from a course' }]);
  });
});
