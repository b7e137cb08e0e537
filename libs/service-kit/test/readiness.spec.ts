import { randomUUID } from 'node:crypto';
import { provisionEventStreamsAt, RunningService } from '../src';
import { startNatsServer, TestEnvironment, testStreamMaxBytes, waitFor } from '../src/testing';
import { fixtureService } from './fixture/fixture.service';

jest.setTimeout(60_000);

interface Readyz {
  status: number;
  body: { status: string; broker?: string; reasons?: string[] };
}

const readyz = async (svc: RunningService): Promise<Readyz> => {
  const res = await fetch(`${svc.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Readyz['body'] };
};

/**
 * A service's /readyz says degraded, with the reason, without failing readiness, when its broker is
 * silent (a nats-server of this test's own, SIGSTOPped) or its outbox is blocked (issue 35 item 7).
 */
describe('readiness: degraded with the reason, still ready', () => {
  let env: TestEnvironment;
  let nats: Awaited<ReturnType<typeof startNatsServer>>;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    nats = await startNatsServer();
    await provisionEventStreamsAt(nats.url, { prefix: env.prefix, maxBytes: testStreamMaxBytes });
  });
  afterAll(async () => {
    nats?.resume();
    await env.close();
    await nats?.stop();
  });

  it('says degraded while NATS is paused past the threshold, stays 200, and ready once it answers again', async () => {
    const svc = await env.start(fixtureService, {
      DATABASE_SCHEMA: `${env.prefix}_fixture_paused`,
      NATS_URL: nats.url,
      READINESS_BROKER_SILENCE_SECONDS: '1',
    });
    expect(await readyz(svc)).toEqual({ status: 200, body: { status: 'ready', database: 'up', events: 'nats', broker: 'up' } });
    nats.pause();
    try {
      const degraded = await waitFor(async () => {
        const answer = await readyz(svc);
        expect(answer.status).toBe(200);
        return answer.body.status === 'degraded' && answer;
      }, 10_000);
      expect(degraded.body).toMatchObject({
        broker: 'silent',
        reasons: [expect.stringMatching(/^NATS has not answered for \d+ s; events wait in the outbox$/)],
      });
    } finally {
      nats.resume();
    }
    await waitFor(async () => (await readyz(svc)).body.status === 'ready', 10_000);
  });

  it('says degraded while an outbox event cannot be published past the threshold, and while events are parked', async () => {
    const svc = await env.start(fixtureService, {
      DATABASE_SCHEMA: `${env.prefix}_fixture_blocked`,
      READINESS_OUTBOX_AGE_SECONDS: '1',
      EVENT_RELAY_MAX_ATTEMPTS: '2',
    });
    expect((await readyz(svc)).body.status).toBe('ready');
    // An event the broker refuses (larger than the stream takes): the relay tries it again, waiting longer each time.
    const id = randomUUID();
    const envelope = {
      id,
      type: 'interviews.company.created',
      occurred_at: new Date().toISOString(),
      version: 1,
      data: { name: 'x'.repeat(testStreamMaxBytes) },
    };
    await svc.db.query('INSERT INTO outbox (id, subject, envelope) VALUES ($1, $2, $3)', [id, envelope.type, JSON.stringify(envelope)]);
    const blocked = await waitFor(async () => {
      const answer = await readyz(svc);
      return answer.body.reasons?.some((r) => r.startsWith('the outbox is blocked')) && answer;
    }, 10_000);
    expect(blocked).toMatchObject({ status: 200, body: { status: 'degraded', broker: 'up' } });
    const parked = await waitFor(async () => {
      const answer = await readyz(svc);
      return answer.body.reasons?.some((r) => r.includes('parked in outbox_parked')) && answer;
    }, 20_000);
    expect(parked).toMatchObject({
      status: 200,
      body: { status: 'degraded', reasons: ['1 event(s) parked in outbox_parked after the broker refused them (npm run admin -- events)'] },
    });
    await svc.db.query('DELETE FROM outbox_parked WHERE id = $1', [id]);
    expect((await readyz(svc)).body.status).toBe('ready');
  });
});
