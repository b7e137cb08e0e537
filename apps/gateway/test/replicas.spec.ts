import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { deadPort, es256Token, startEcho, startStack, Stack, TestServer } from './helpers';

/**
 * A service's replicas behind one prefix (PROFILE_URL=<a>,<b>), balanced as a Kubernetes Service
 * does: round robin, a replica that refuses connections skipped at once, and a call that could not
 * connect sent once to another replica when repeating it is safe (GET, HEAD, an Idempotency-Key).
 */
describe('gateway: a service with several replicas', () => {
  const opened: Array<Stack | TestServer> = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });

  async function replica(name: string): Promise<TestServer> {
    const server = await startEcho(name);
    opened.push(server);
    return server;
  }

  /** A gateway whose profile is `urls`; a signed-in user's calls to /api/profile, answering which replica took each. */
  async function profileAt(urls: string[]) {
    const stack = await startStack({ PROFILE_URL: urls.join(',') });
    opened.push(stack);
    const authorization = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
    return async (method = 'GET', headers: Record<string, string> = {}, body?: string) => {
      const res = await fetch(`${stack.gateway.url}/api/profile`, { method, headers: { authorization, 'content-type': 'application/json', ...headers }, body });
      const answer = (await res.json()) as { upstream?: string; bodyBytes?: number; error?: { code: string } };
      return { status: res.status, upstream: answer.upstream, bodyBytes: answer.bodyBytes };
    };
  }

  const dead = async () => `http://127.0.0.1:${await deadPort()}`;

  it('takes turns: calls alternate between two replicas, half each', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const call = await profileAt([a.url, b.url]);
    const order: Array<string | undefined> = [];
    for (let i = 0; i < 20; i++) order.push((await call()).upstream);
    expect(order.filter((u) => u === 'a')).toHaveLength(10);
    expect(order.filter((u) => u === 'b')).toHaveLength(10);
    for (let i = 1; i < order.length; i++) expect(order[i]).not.toBe(order[i - 1]);
  });

  it('skips a replica that refuses connections: every GET is answered, by the others, the first after one retry', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const call = await profileAt([await dead(), a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await call());
    expect(answers.every((x) => x.status === 200)).toBe(true);
    expect(answers.filter((x) => x.upstream === 'a')).toHaveLength(6);
    expect(answers.filter((x) => x.upstream === 'b')).toHaveLength(6);
  });

  it('sends a GET that could not connect to one other replica only: two refusing replicas in a row are a 503', async () => {
    const a = await replica('a');
    // Round robin takes the first, then (for the retry) the third of the others: both refuse.
    const call = await profileAt([await dead(), await dead(), await dead(), a.url]);
    expect(await call()).toMatchObject({ status: 503 });
    // The refusers met are skipped now: the next calls reach the replica that is up.
    expect(await call()).toMatchObject({ status: 200, upstream: 'a' });
  });

  it('sends a POST whose connection was refused (nothing of it sent) to another replica, its body whole', async () => {
    const a = await replica('a');
    const call = await profileAt([await dead(), a.url]);
    expect(await call('POST', {}, '{"x":1}')).toEqual({ status: 200, upstream: 'a', bodyBytes: 7 });
    expect(await call('POST', {}, '{"x":1}')).toMatchObject({ status: 200, upstream: 'a' });
  });

  it('sends a POST with an Idempotency-Key that could not connect to another replica, its body whole', async () => {
    const a = await replica('a');
    const call = await profileAt([await dead(), a.url]);
    const body = JSON.stringify({ note: 'x'.repeat(5000) });
    expect(await call('POST', { 'idempotency-key': randomUUID() }, body)).toEqual({ status: 200, upstream: 'a', bodyBytes: Buffer.byteLength(body) });
  });

  it('drops a replica whose /readyz answers 503 (a voice replica draining its calls) within about a second, and takes it back once ready', async () => {
    const a = await replica('a');
    let draining = false;
    const b = await startEcho('b', {
      extra: (req, res) => {
        if (req.url !== '/readyz' || !draining) return false;
        res.statusCode = 503;
        res.end('{"error":{"code":"upstream_unavailable","message":"not ready: shutting down, its calls are draining"}}');
        return true;
      },
    });
    opened.push(b);
    const call = await profileAt([a.url, b.url]);
    draining = true;
    const drainedAt = Date.now();
    // Calls in flight on b may go on (it still answers); new ones stop reaching it once its /readyz is asked.
    while ((await call()).upstream === 'b' || (await call()).upstream === 'b') {
      expect(Date.now() - drainedAt).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 10; i++) expect(await call()).toMatchObject({ status: 200, upstream: 'a' });
    draining = false;
    const readyAt = Date.now();
    while ((await call()).upstream !== 'b') {
      expect(Date.now() - readyAt).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('answers a GET cut by a dying replica from another, and sends it no more calls until its /readyz answers', async () => {
    const a = await replica('a');
    let cutting = false;
    let reached = 0;
    const b = await startEcho('b', {
      extra: (req, res) => {
        if (!cutting || req.url === '/readyz') return false;
        reached += 1;
        res.socket?.destroy();
        return true;
      },
    });
    opened.push(b);
    const call = await profileAt([a.url, b.url]);
    cutting = true;
    for (let i = 0; i < 10; i++) expect(await call()).toMatchObject({ status: 200, upstream: 'a' });
    // The cut call, and none after it (the next /readyz check, a second away at most, may let it back).
    expect(reached).toBeLessThanOrEqual(2);
  });

  it('takes a replica back into turn once it answers again', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const call = await profileAt([a.url, b.url]);
    await b.close();
    for (let i = 0; i < 6; i++) expect(await call()).toMatchObject({ status: 200, upstream: 'a' });
    // The same port again, as a restarted replica (its /readyz answers 200 too).
    const back = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ upstream: 'b again' }));
    });
    await new Promise<void>((resolve) => back.listen(b.port, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise<void>((resolve) => (back.closeAllConnections(), back.close(() => resolve()))) } as TestServer);
    const backAt = Date.now();
    for (;;) {
      if ((await call()).upstream === 'b again') break;
      expect(Date.now() - backAt).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
