import { randomBytes } from 'node:crypto';
import { featureCommentSchema, Notification, notificationSchema } from '@app/contracts';
import { waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };

/** Issue 35 item 4: the names on feature-request comments and in the bell are who people are, never their e-mail. */
describe('community: display names', () => {
  startCommunity();

  it('shows "Member" and a stable short id instead of the e-mail or a name claiming to be staff, and badges a moderator by role', async () => {
    const run = randomBytes(3).toString('hex');
    const author = await env.authHeader(env.newUser(`ada.lovelace.${run}@example.com`));
    const noName = env.newUser(`jane.doe.${run}@example.com`);
    const impostor = { ...env.newUser(`eve.${run}@example.com`), user_metadata: { full_name: 'Thunderprep Team (Moderator)' } };
    const named = { ...env.newUser(`carol.${run}@example.com`), user_metadata: { full_name: 'Carol Chen' } };
    const mod: Auth = await env.authHeader({ ...moderator(env), email: `grace.${run}@example.com` });

    const message = `Dark mode for the editor ${run}`;
    await request(svc.url).post('/api/contact-form').set(author).send({ subject: 'Feature Request', title: message, message }).expect(201);
    const { rows } = await svc.db.query<{ id: string }>('SELECT id FROM requested_features WHERE description = $1', [message]);
    const id = rows[0].id;
    await request(svc.url).patch(`/api/feature-requests/${id}`).set(mod).send({ status: 'open' }).expect(200);

    const comment = async (auth: Auth, body: string) =>
      featureCommentSchema.parse((await request(svc.url).post(`/api/feature-requests/${id}/comments`).set(auth).send({ body }).expect(201)).body.data);
    const noNameAuth = await env.authHeader(noName);
    await comment(noNameAuth, 'Yes please');
    const bellOf = async () => {
      const res = await request(svc.url).get('/api/notifications?limit=100').set(author).expect(200);
      return (res.body as unknown[]).map((n) => notificationSchema.parse(n)).filter((n: Notification) => n.link === `/feature-requests/${id}`);
    };
    // The first comment's news names its writer; the later ones collapse into it ("5 new comments on …").
    const first = await waitFor(async () => (await bellOf())[0], 20_000);
    expect(first.title).toMatch(/^Member [0-9a-f]{6} commented on/);
    await comment(await env.authHeader(impostor), 'We are on it');
    await comment(await env.authHeader(named), 'Me too');
    await comment(mod, 'Planned for next month');
    await comment(noNameAuth, 'Thanks');

    const listed = await request(svc.url).get(`/api/feature-requests/${id}/comments`).set(author).expect(200);
    const shown = listed.body.map((c: unknown) => featureCommentSchema.parse(c)) as { author_name: string; by_moderator: boolean }[];
    const member = /^Member [0-9a-f]{6}$/;
    expect(shown.map((c) => [c.author_name, c.by_moderator])).toEqual([
      [expect.stringMatching(member), false],
      [expect.stringMatching(member), false],
      ['Carol Chen', false],
      [expect.stringMatching(member), true],
      [shown[0].author_name, false],
    ]);
    // One account, one name; another account, another.
    expect(new Set([shown[0].author_name, shown[1].author_name, shown[3].author_name]).size).toBe(3);

    const bell = await waitFor(async () => {
      const mine = await bellOf();
      return mine.some((n) => n.count === 5) && mine;
    }, 20_000);
    for (const answer of [listed.body, bell]) expect(JSON.stringify(answer)).not.toMatch(/jane|doe|eve\.|grace|example\.com|Thunderprep Team/);
  });
});
