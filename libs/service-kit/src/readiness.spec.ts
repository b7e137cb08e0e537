import { Readiness } from './readiness';

const transport = (ready: boolean, answers = true) => ({ kind: 'nats' as const, isReady: () => ready, answers: async () => answers });

describe('readiness', () => {
  it('is ready when the database answers and the transport is connected', async () => {
    const readiness = new Readiness({ isReachable: async () => true }, transport(true));
    expect(await readiness.check()).toEqual({ ready: true, degraded: false, database: 'up', broker: 'up', transport: 'nats', reasons: [] });
  });

  it('stays ready, degraded, while the broker reconnects: reads are served and events wait in the outbox', async () => {
    expect(await new Readiness({ isReachable: async () => true }, transport(false)).check()).toEqual({
      ready: true,
      degraded: true,
      database: 'up',
      broker: 'reconnecting',
      transport: 'nats',
      reasons: ['NATS is unreachable: the client is reconnecting; events wait in the outbox'],
    });
  });

  it('stays ready, degraded, once a connected broker has been silent past the threshold (a paused server), and up when it answers again', async () => {
    let answer: (up: boolean) => void = () => undefined;
    const paused = { kind: 'nats' as const, isReady: () => true, answers: () => new Promise<boolean>((resolve) => (answer = resolve)) };
    const readiness = new Readiness({ isReachable: async () => true }, paused, undefined, { brokerSilenceSeconds: 0.2, outboxAgeSeconds: 60 }, 50);
    // Not yet: one unanswered ping is no outage.
    expect(await readiness.check()).toMatchObject({ ready: true, degraded: false, broker: 'up' });
    await new Promise((r) => setTimeout(r, 250));
    expect(await readiness.check()).toMatchObject({
      ready: true,
      degraded: true,
      broker: 'silent',
      reasons: [expect.stringMatching(/^NATS has not answered for \d+ s/)],
    });
    // Resumed: the ping still waiting is answered, and the next check sends a fresh one.
    answer(true);
    await new Promise((r) => setImmediate(r));
    const resumed = readiness.check();
    answer(true);
    expect(await resumed).toMatchObject({ degraded: false, broker: 'up', reasons: [] });
  });

  it('stays ready, degraded, while the outbox is blocked: its oldest event waiting past the threshold, or events parked', async () => {
    const outbox = { state: { oldestAgeSeconds: 3, parked: 0 }, outboxState: async () => outbox.state };
    const readiness = new Readiness({ isReachable: async () => true }, transport(true), outbox, { brokerSilenceSeconds: 10, outboxAgeSeconds: 60 });
    expect(await readiness.check()).toMatchObject({ degraded: false, reasons: [] });
    outbox.state = { oldestAgeSeconds: 75, parked: 2 };
    expect(await readiness.check()).toMatchObject({
      ready: true,
      degraded: true,
      reasons: [
        'the outbox is blocked: its oldest event has waited 75 s',
        '2 event(s) parked in outbox_parked after the broker refused them (npm run admin -- events)',
      ],
    });
  });

  it('is not ready without its database, and names what is down', async () => {
    expect(await new Readiness({ isReachable: async () => false }, transport(true)).check()).toMatchObject({ ready: false, database: 'down', broker: 'up' });
    expect(await new Readiness({ isReachable: async () => false }, transport(false)).check()).toMatchObject({
      ready: false,
      database: 'down',
      broker: 'reconnecting',
    });
  });

  it('says down after its timeout when the database hangs, and sends no second query while the first still hangs', async () => {
    let queries = 0;
    let answer: (up: boolean) => void = () => undefined;
    const hung = {
      isReachable: () => {
        queries += 1;
        // The first query hangs until the test lets it answer; the database is back after that.
        return queries === 1 ? new Promise<boolean>((resolve) => (answer = resolve)) : Promise.resolve(true);
      },
    };
    const readiness = new Readiness(hung, transport(true), undefined, undefined, 50);
    const started = performance.now();
    expect((await readiness.check()).database).toBe('down');
    expect(performance.now() - started).toBeLessThan(500);
    expect((await readiness.check()).database).toBe('down');
    expect(queries).toBe(1);
    answer(true);
    await new Promise((r) => setImmediate(r));
    expect((await readiness.check()).database).toBe('up');
    expect(queries).toBe(2);
  });
});
