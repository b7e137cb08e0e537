import { randomBytes } from 'node:crypto';
import { interviewCommentSchema } from '@app/contracts';
import request from 'supertest';
import { company, env, profile, startInterviews, svc } from './fixtures';

jest.setTimeout(120_000);

/** Issue 35 item 4: people are who they say, on interview reports and their comments. */
describe('interviews: author names', () => {
  startInterviews({ withProfile: true });

  it('never shows the e-mail: a shown name is the username (by default "member-" and a hash), and a moderator is marked by the app', async () => {
    const local = `jane.doe.${randomBytes(3).toString('hex')}`;
    const jane = await env.authHeader(env.newUser(`${local}@example.com`));
    const moderator = await env.authHeader({ ...env.newUser(`grace.${local}@example.com`), app_metadata: { provider: 'email', role: 'moderator' } });
    const acme = await company('Author Names Acme');
    const report = await request(svc.url)
      .post('/api/candidate-interviews')
      .set(jane)
      .send({ company_id: acme.id, interview_process: [{ round: 'Other' }], show_username: true })
      .expect(201);
    const path = `/api/candidate-interviews/${report.body.data.id}/comments`;
    await request(svc.url).post(path).set(jane).send({ body: 'Shown with my name', show_username: true }).expect(201);
    await request(svc.url).post(path).set(jane).send({ body: 'Anonymous' }).expect(201);
    await request(svc.url).post(path).set(moderator).send({ body: 'Please keep it civil', show_username: true }).expect(201);

    const username = (await request(profile.url).get('/api/profile').set(jane).expect(200)).body.username as string;
    expect(username).toMatch(/^member-[0-9a-f]{8}$/);
    const thread = await request(svc.url)
      .get(path)
      .set(await env.authHeader(env.newUser()))
      .expect(200);
    const comments = thread.body.map((c: unknown) => interviewCommentSchema.parse(c));
    expect(comments.map((c: { author: string; by_moderator: boolean }) => [c.author, c.by_moderator])).toEqual([
      [username, false],
      ['Some Candidate', false],
      [expect.stringMatching(/^member-[0-9a-f]{8}$/), true],
    ]);
    const cards = await request(svc.url).get('/api/candidate-interviews').query({ company_id: acme.id }).set(moderator).expect(200);
    expect(cards.body[0].author).toBe(username);
    for (const answer of [thread.body, cards.body]) expect(JSON.stringify(answer)).not.toMatch(/jane|doe|grace|example\.com/);
  });
});
