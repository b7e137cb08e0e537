import { capMessages, caps, interviewListItemSchema } from '@app/contracts';
import request from 'supertest';
import { company, env, someone, startInterviews, svc } from './fixtures';

jest.setTimeout(60_000);

/** Issue 35 item 6: comments under interview reports stop at the cap policy's daily cap, whatever the pace. */
describe('interviews: what one account may comment in a day', () => {
  startInterviews();

  it(`takes at most ${caps.interviewCommentsPerDay} comments a day from one account, even sent together, then 429 with when to try again`, async () => {
    const acme = await company('Comment Cap Acme');
    const report = interviewListItemSchema.parse(
      (
        await request(svc.url)
          .post('/api/candidate-interviews')
          .set(await someone())
          .send({ company_id: acme.id, interview_process: [{ round: 'Other' }] })
          .expect(201)
      ).body.data,
    );
    const flooder = env.newUser();
    const auth = await env.authHeader(flooder);
    // All but the last few of the day's comments already written, and one from yesterday that no longer counts.
    await svc.db.query(
      `INSERT INTO interview_comments (interview_id, user_id, body, created_at)
       SELECT $1::uuid, $2::uuid, 'Earlier comment ' || n, now() - interval '1 hour' FROM generate_series(1, $3::int) AS n
       UNION ALL SELECT $1::uuid, $2::uuid, 'Yesterday', now() - interval '25 hours'`,
      [report.id, flooder.id, caps.interviewCommentsPerDay - 5],
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_v, i) =>
        request(svc.url)
          .post(`/api/candidate-interviews/${report.id}/comments`)
          .set(auth)
          .send({ body: `Burst ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.error).toEqual({ code: 'rate_limited', message: capMessages.interviewCommentsPerDay });
    // The oldest counted comment is an hour old: it stops counting in about 23 hours.
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(22 * 3600);
    // The cap is the account's: anyone else still comments.
    await request(svc.url)
      .post(`/api/candidate-interviews/${report.id}/comments`)
      .set(await someone())
      .send({ body: 'Another reader' })
      .expect(201);
  });
});
