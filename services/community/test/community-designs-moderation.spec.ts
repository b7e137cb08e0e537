import { randomUUID } from 'node:crypto';
import { askFlagsToHide, askMessages, attemptSchema, communityDesignMessages, CommunityDesignSummary, DesignComment, FlaggedPost } from '@app/contracts';
import { practiceService } from '@app/practice';
import { RunningService } from '@app/service-kit';
import { TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, grantReputation, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/**
 * Community designs and their comments are flagged into the desk's one queue of flagged posts by Ask
 * a SWE's rules (its reasons, the flag privilege, askFlagsToHide members hide it), restored or removed
 * by a moderator, and a moderator redacts a comment: every moderator action is a line of the audit log.
 */
describe('community designs: flags and moderation (issue 36 item 5)', () => {
  startCommunity();
  let practice: RunningService;
  let author: TestUser;
  let authorAuth: Auth;
  let flaggers: Auth[];
  let newcomerAuth: Auth;
  let modAuth: Auth;
  let commenter: TestUser;
  let commenterAuth: Auth;

  beforeAll(async () => {
    practice = await env.start(practiceService);
    const users = [0, 1, 2].map(() => env.newUser());
    commenter = env.newUser();
    author = env.newUser();
    [authorAuth, newcomerAuth, modAuth, commenterAuth, ...flaggers] = await Promise.all([
      env.authHeader(author),
      env.authHeader(env.newUser()),
      env.authHeader(moderator(env)),
      env.authHeader(commenter),
      ...users.map((u) => env.authHeader(u)),
    ]);
    // Flaggers have the reputation Ask a SWE asks for flagging; the newcomer has not. All have designed the prompt.
    await Promise.all([...users.map((u) => grantReputation(svc.db, u.id, 20)), grantReputation(svc.db, commenter.id, 20)]);
    await Promise.all([...flaggers, newcomerAuth, commenterAuth].map((auth) => submitted(auth)));
    // Community hears of each submission from practice's event, moments later; until then their list is a 403.
    await waitFor(async () => {
      const lists = await Promise.all(
        [...flaggers, newcomerAuth, commenterAuth].map((auth) => request(svc.url).get('/api/community-designs?prompt=url-shortener').set(auth)),
      );
      return lists.every((res) => res.status === 200);
    }, 20_000);
  });

  /** A submitted url-shortener attempt. */
  const submitted = async (auth: Auth): Promise<string> => {
    const attempt = attemptSchema.parse(
      (await request(practice.url).post('/api/system-design/prompts/url-shortener/attempts').set(auth).send({ mode: 'untimed' }).expect(201)).body.data,
    );
    await request(practice.url)
      .put(`/api/system-design/attempts/${attempt.id}`)
      .set(auth)
      .send({ revision: 1, notes: { requirements: `Shorten links ${attempt.id}` }, scene: { type: 'excalidraw', elements: [] } })
      .expect(200);
    await request(practice.url).post(`/api/system-design/attempts/${attempt.id}/submit`).set(auth).expect(200);
    return attempt.id;
  };
  /** The author's design, published and known to community (an event, moments later). */
  const published = async (): Promise<string> => {
    const id = await submitted(authorAuth);
    await request(practice.url).post(`/api/system-design/attempts/${id}/publish`).set(authorAuth).send({}).expect(200);
    await waitFor(async () => (await list(flaggers[0])).some((d) => d.id === id));
    return id;
  };
  const list = async (auth: Auth): Promise<CommunityDesignSummary[]> =>
    (await request(svc.url).get('/api/community-designs?prompt=url-shortener').set(auth).expect(200)).body;
  const comments = async (auth: Auth, id: string): Promise<DesignComment[]> =>
    (await request(svc.url).get(`/api/community-designs/${id}/comments`).set(auth).expect(200)).body;
  const flagDesign = (auth: Auth, id: string, body: object) => request(svc.url).post(`/api/community-designs/${id}/flags`).set(auth).send(body);
  const flagComment = (auth: Auth, id: string, commentId: string, body: object) =>
    request(svc.url).post(`/api/community-designs/${id}/comments/${commentId}/flags`).set(auth).send(body);
  const queue = async (): Promise<FlaggedPost[]> => (await request(svc.url).get('/api/ask-a-swe/moderation/flags').set(modAuth).expect(200)).body;
  const decide = (auth: Auth, kind: string, id: string, body: object) =>
    request(svc.url).post(`/api/ask-a-swe/moderation/${kind}/${id}/decision`).set(auth).send(body);
  const flagRows = async (column: 'design_id' | 'design_comment_id', id: string) =>
    (await svc.db.query(`SELECT count(*)::int AS n FROM ask_flags WHERE ${column} = $1`, [id])).rows[0].n;
  /** What the bell told `userId` of removals of their posts, once `count` have arrived. */
  const removalsTold = (userId: string, count = 1) =>
    waitFor(async () => {
      const { rows } = await svc.db.query(
        "SELECT title, body, link, by_moderator FROM notifications WHERE user_id = $1 AND kind = 'submission_rejected' AND title LIKE '% was removed' ORDER BY created_at",
        [userId],
      );
      return rows.length >= count && rows;
    });
  const auditLine = async (itemId: string, action: string) =>
    ((await request(svc.url).get('/api/moderation/log').set(modAuth).expect(200)).body as Array<Record<string, unknown>>).find(
      (a) => a.item_id === itemId && a.action === action,
    );

  it(`hides a design ${askFlagsToHide} members flagged from everyone but its author and moderators; flagged once per member, never one's own`, async () => {
    const id = await published();
    await flagDesign(authorAuth, id, { reason: 'spam' }).expect(403, { error: { code: 'forbidden', message: askMessages.ownFlag } });
    await flagDesign(newcomerAuth, id, { reason: 'spam' }).expect(403);
    expect((await flagDesign(flaggers[0], id, { reason: 'spam' }).expect(201)).body).toEqual({ hidden: false });
    await flagDesign(flaggers[0], id, { reason: 'rude' }).expect(409, { error: { code: 'conflict', message: askMessages.alreadyFlagged } });
    expect((await flagDesign(flaggers[1], id, { reason: 'rude', note: 'Insults in the notes' }).expect(201)).body).toEqual({ hidden: false });
    // Below the threshold it is still shown to everyone.
    expect((await list(newcomerAuth)).find((d) => d.id === id)).toMatchObject({ hidden: false });
    expect((await flagDesign(flaggers[2], id, { reason: 'spam' }).expect(201)).body).toEqual({ hidden: true });
    expect(await flagRows('design_id', id)).toBe(3);

    expect((await list(newcomerAuth)).map((d) => d.id)).not.toContain(id);
    await request(svc.url).get(`/api/community-designs/${id}`).set(newcomerAuth).expect(404);
    await request(svc.url).get(`/api/community-designs/${id}/comments`).set(newcomerAuth).expect(404);
    await request(svc.url).post(`/api/community-designs/${id}/upvote`).set(newcomerAuth).expect(404);
    expect((await list(authorAuth)).find((d) => d.id === id)).toMatchObject({ hidden: true, mine: true });
    expect((await request(svc.url).get(`/api/community-designs/${id}`).set(authorAuth).expect(200)).body).toMatchObject({ hidden: true });

    const flagged = (await queue()).find((p) => p.id === id);
    expect(flagged).toMatchObject({
      kind: 'design',
      title: 'URL shortener',
      link: `/system-design/url-shortener?design=${id}`,
      hidden: true,
      flags: expect.arrayContaining([expect.objectContaining({ reason: 'rude', note: 'Insults in the notes' })]),
    });
    expect(flagged?.body).toContain('Shorten links');
    expect((await request(svc.url).get('/api/moderation/summary').set(modAuth).expect(200)).body.pending.flagged_posts).toBeGreaterThanOrEqual(1);
  });

  it('lets only a moderator restore a flagged design (shown again, its flags dismissed) or remove it for good, each a line of the audit log', async () => {
    const restored = await published();
    const removed = await published();
    for (const auth of flaggers) {
      await flagDesign(auth, restored, { reason: 'off_topic' }).expect(201);
      await flagDesign(auth, removed, { reason: 'spam' }).expect(201);
    }
    await decide(flaggers[0], 'design', restored, { decision: 'restore' }).expect(403);
    await decide(authorAuth, 'design', removed, { decision: 'remove' }).expect(403);
    await decide(modAuth, 'design', restored, { decision: 'restore' }).expect(204);
    expect((await list(newcomerAuth)).find((d) => d.id === restored)).toMatchObject({ hidden: false });
    expect(await flagRows('design_id', restored)).toBe(0);
    expect(await auditLine(restored, 'restored')).toMatchObject({ kind: 'community_design', item_title: 'URL shortener' });

    await decide(modAuth, 'design', removed, { decision: 'remove', reason: 'Advertising' }).expect(204);
    expect((await list(newcomerAuth)).map((d) => d.id)).not.toContain(removed);
    expect((await list(authorAuth)).find((d) => d.id === removed)).toMatchObject({ hidden: true });
    expect((await queue()).map((p) => p.id)).not.toContain(removed);
    expect(await auditLine(removed, 'removed')).toMatchObject({ kind: 'community_design', item_title: 'URL shortener', reason: 'Advertising' });
    // The author is told in their bell, with the reason; a second removal tells nothing more, a restore nothing at all.
    const told = {
      title: 'Your design of "URL shortener" was removed',
      body: 'Reason: Advertising',
      link: `/system-design/url-shortener?design=${removed}`,
      by_moderator: true,
    };
    expect(await removalsTold(author.id)).toEqual([told]);
    await decide(modAuth, 'design', removed, { decision: 'remove', reason: 'Advertising' }).expect(204);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await removalsTold(author.id)).toEqual([told]);
    await decide(modAuth, 'design', randomUUID(), { decision: 'remove' }).expect(404, {
      error: { code: 'not_found', message: communityDesignMessages.notFound },
    });
  });

  it('flags a comment on a design the same way: hidden to others but not to its author, removed by a moderator and audited', async () => {
    const id = await published();
    const comment: DesignComment = (
      await request(svc.url).post(`/api/community-designs/${id}/comments`).set(commenterAuth).send({ body: 'Buy cheap links at example.test' }).expect(201)
    ).body.data;
    await flagComment(commenterAuth, id, comment.id, { reason: 'spam' }).expect(403, { error: { code: 'forbidden', message: askMessages.ownFlag } });
    for (const auth of flaggers) await flagComment(auth, id, comment.id, { reason: 'spam' }).expect(201);
    await flagComment(flaggers[0], id, comment.id, { reason: 'spam' }).expect(404);
    expect((await comments(newcomerAuth, id)).map((c) => c.id)).not.toContain(comment.id);
    expect((await comments(commenterAuth, id)).find((c) => c.id === comment.id)).toMatchObject({ hidden: true });
    expect((await comments(modAuth, id)).find((c) => c.id === comment.id)).toMatchObject({ hidden: true });
    expect((await queue()).find((p) => p.id === comment.id)).toMatchObject({
      kind: 'design_comment',
      title: 'URL shortener',
      body: comment.body,
      hidden: true,
    });

    await decide(flaggers[1], 'design_comment', comment.id, { decision: 'remove' }).expect(403);
    await decide(modAuth, 'design_comment', comment.id, { decision: 'remove' }).expect(204);
    expect(await auditLine(comment.id, 'removed')).toMatchObject({ kind: 'community_design_comment', item_title: 'URL shortener' });
    expect(await removalsTold(commenter.id)).toEqual([
      {
        title: 'Your comment on the design of "URL shortener" was removed',
        body: 'A moderator removed it after members flagged it.',
        link: `/system-design/url-shortener?design=${id}`,
        by_moderator: true,
      },
    ]);
    expect((await comments(newcomerAuth, id)).map((c) => c.id)).not.toContain(comment.id);
  });

  it('lets a moderator redact a comment: shown to everyone as edited by a moderator, audited with its words before and after', async () => {
    const id = await published();
    const comment: DesignComment = (
      await request(svc.url).post(`/api/community-designs/${id}/comments`).set(commenterAuth).send({ body: 'Call me on 555-0100' }).expect(201)
    ).body.data;
    const edit = (auth: Auth, body: string) => request(svc.url).put(`/api/community-designs/${id}/comments/${comment.id}`).set(auth).send({ body });
    await edit(flaggers[0], 'Redacted').expect(403, { error: { code: 'forbidden', message: communityDesignMessages.notYourComment } });
    expect((await comments(modAuth, id)).find((c) => c.id === comment.id)).toMatchObject({ can_edit: true });
    expect((await edit(modAuth, 'Call me on [redacted]').expect(200)).body.data).toMatchObject({ body: 'Call me on [redacted]', edited_by_moderator: true });
    expect((await comments(newcomerAuth, id)).find((c) => c.id === comment.id)).toMatchObject({
      body: 'Call me on [redacted]',
      edited_at: expect.any(String),
      edited_by_moderator: true,
      can_edit: false,
    });
    expect(await auditLine(comment.id, 'edited')).toMatchObject({
      kind: 'community_design_comment',
      item_title: 'URL shortener',
      before: 'Call me on 555-0100',
      after: 'Call me on [redacted]',
    });
    // The author's own edit afterwards is theirs again.
    expect((await edit(commenterAuth, 'Ask me here instead').expect(200)).body.data).toMatchObject({ edited_by_moderator: false });
  });

  it('refuses hostile flags with the envelope and stores nothing', async () => {
    const id = await published();
    const refused = async (res: request.Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
    };
    await refused(await flagDesign(flaggers[0], id, { reason: 'because' }), 400);
    await refused(await flagDesign(flaggers[0], id, {}), 400);
    await refused(await flagDesign(flaggers[0], id, { reason: 'other', note: 'x'.repeat(100_000) }), 400);
    await refused(await flagDesign(flaggers[0], id, { reason: 'other', note: { $gt: '' } }), 400);
    // A malformed id is not found, as an unknown one is (the endpoint's params).
    await refused(await flagDesign(flaggers[0], 'not-a-uuid', { reason: 'spam' }), 404);
    await refused(await flagDesign(flaggers[0], randomUUID(), { reason: 'spam' }), 404);
    await refused(await flagComment(flaggers[0], id, "1' OR '1'='1", { reason: 'spam' }), 404);
    await refused(await flagComment(flaggers[0], id, randomUUID(), { reason: 'spam' }), 404);
    await refused(await decide(modAuth, 'opportunity', id, { decision: 'remove' }), 404);
    await refused(await decide(modAuth, 'design', id, { decision: 'delete' }), 400);
    await refused(await decide(modAuth, 'design', id, { decision: 'remove', reason: 'x'.repeat(501) }), 400);
    await refused(await request(svc.url).post(`/api/community-designs/${id}/flags`).send({ reason: 'spam' }), 401);
    expect(await flagRows('design_id', id)).toBe(0);
    expect((await list(newcomerAuth)).find((d) => d.id === id)).toMatchObject({ hidden: false });
    expect(await auditLine(id, 'removed')).toBeUndefined();
  });
});
