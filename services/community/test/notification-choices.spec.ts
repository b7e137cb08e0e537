import { randomUUID } from 'node:crypto';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** The bell's kinds each member chooses (issue 34 item 3): on until turned off, and off at once for what happens next. */
describe('community: bell choices per kind', () => {
  startCommunity();

  const member = async () => {
    const user = env.newUser();
    return { id: user.id, auth: await env.authHeader(user) };
  };
  const settings = async (auth: Auth) => (await request(svc.url).get('/api/notifications/settings').set(auth).expect(200)).body;
  const choose = (auth: Auth, kind: string, enabled: boolean) => request(svc.url).put('/api/notifications/settings').set(auth).send({ kind, enabled });
  const kindsOf = async (auth: Auth) =>
    ((await request(svc.url).get('/api/notifications').set(auth).expect(200)).body as Array<{ kind: string; link: string }>).map((n) => n.link);

  it('starts with every kind on, keeps a choice, and refuses an unknown kind or no session', async () => {
    const { auth } = await member();
    expect(await settings(auth)).toEqual({ settings: { voted_status: true, followed_status: true, comment_replies: true, submission_rejected: true } });
    expect((await choose(auth, 'comment_replies', false).expect(200)).body.data.settings.comment_replies).toBe(false);
    expect((await settings(auth)).settings).toEqual({ voted_status: true, followed_status: true, comment_replies: false, submission_rejected: true });
    expect((await choose(auth, 'weekly_digest', false).expect(400)).body.error.fields).toEqual({
      kind: 'kind must be one of voted_status, followed_status, comment_replies, submission_rejected',
    });
    await request(svc.url).get('/api/notifications/settings').expect(401);
  });

  it('tells nobody of a kind they turned off: a voter, a follower, a commenter each as chosen', async () => {
    const [voterOff, voterOn, followerOff, commenterOff] = await Promise.all([member(), member(), member(), member()]);
    await choose(voterOff.auth, 'voted_status', false).expect(200);
    await choose(followerOff.auth, 'followed_status', false).expect(200);
    // Following is its own choice: a follower who turned voters' updates off still hears as a follower.
    await choose(voterOn.auth, 'followed_status', false).expect(200);
    await choose(commenterOff.auth, 'comment_replies', false).expect(200);
    const request1 = randomUUID();
    await publishEvent(env, 'community.feature_request.status_changed', {
      feature_request_id: request1,
      title: 'Offline mode',
      status: 'planned',
      subscriber_ids: [voterOff.id, voterOn.id, followerOff.id],
      follower_ids: [followerOff.id],
      changed_at: new Date().toISOString(),
    });
    const comment = await publishEvent(env, 'community.notification.requested', {
      user_ids: [commenterOff.id, voterOn.id],
      kind: 'comment',
      title: 'Ann commented on "Offline mode"',
      body: 'Yes please',
      link: `/feature-requests/${request1}`,
    });
    const link = `/feature-requests/${request1}`;
    await waitFor(async () => (await kindsOf(voterOn.auth)).length === 2, 30_000);
    // Both events were handled (the comment's too): the others' bells stay empty.
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [comment.id])).rowCount === 1, 30_000);
    expect(await kindsOf(voterOn.auth)).toEqual([link, link]);
    for (const who of [voterOff, followerOff, commenterOff]) expect(await kindsOf(who.auth)).toEqual([]);
  });
});
