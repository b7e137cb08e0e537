import { Readiness } from './readiness';

const transport = (ready: boolean) => ({ kind: 'nats' as const, isReady: () => ready });

describe('readiness', () => {
  it('is ready when the database answers and the transport is connected', async () => {
    const readiness = new Readiness({ isReachable: async () => true }, transport(true));
    expect(await readiness.check()).toEqual({ ready: true, degraded: false, database: 'up', broker: 'up', transport: 'nats' });
  });

  it('stays ready, degraded, while the broker reconnects: reads are served and events wait in the outbox', async () => {
    expect(await new Readiness({ isReachable: async () => true }, transport(false)).check()).toEqual({
      ready: true,
      degraded: true,
      database: 'up',
      broker: 'reconnecting',
      transport: 'nats',
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
    const readiness = new Readiness(hung, transport(true), 50);
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
