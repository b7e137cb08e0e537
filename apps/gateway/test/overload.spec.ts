import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { ramp, RampCall, waitFor } from '@app/service-kit/testing';
import { startGateway } from '../src/app';
import { es256Token, RouteHandler, Stack, startStack } from './helpers';

/**
 * A service with a fixed capacity, as one bound by its CPU or its database pool: calls to `path`
 * are served one at a time, `serviceMs` each, the others wait their turn in arrival order. Its
 * capacity is 1000 / `serviceMs` calls a second; a crowd past it only lengthens the queue.
 */
function servedInTurn(path: string, serviceMs: number): RouteHandler {
  const queue: http.ServerResponse[] = [];
  let busy = false;
  const next = () => {
    const res = queue.shift();
    if (!res) {
      busy = false;
      return;
    }
    busy = true;
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{"data":[]}');
      next();
    }, serviceMs);
  };
  return (req, res) => {
    if (req.url !== path) return false;
    queue.push(res);
    if (!busy) next();
    return true;
  };
}

/** Calls to `path` that are never answered (a frozen service), kept in `pending` while the gateway holds them. */
const frozen =
  (path: string, pending: Set<http.ServerResponse>): RouteHandler =>
  (req, res) => {
    if (req.url !== path) return false;
    pending.add(res);
    res.once('close', () => pending.delete(res));
    return true;
  };

/** A GET whose answer is never awaited; `abort` is the caller going away. */
function hang(url: string, auth: string): { abort(): void } {
  const req = http.get(url, { headers: { authorization: auth }, agent: false });
  req.on('error', () => undefined);
  return { abort: () => req.destroy() };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

describe('gateway: a ramp past the knee is answered, never dropped', () => {
  const SERVICE_MS = 100; // capacity: 10 calls a second
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await startStack(
      // Four calls in flight to practice: an admitted call waits behind three at most (~400 ms).
      { UPSTREAM_MAX_IN_FLIGHT: '4', MAX_IN_FLIGHT: '8' },
      { extra: { practice: servedInTurn('/api/leetcode-questions', SERVICE_MS) } },
    );
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterAll(() => stack.close());

  it('answers every call within the 5 s deadline: 200 while the service keeps up, past it a fast 503 overloaded with Retry-After: 1', async () => {
    // From 5 to 100 calls a second over 8 s: ten times what the service serves by the end. Few
    // calls in all (~420), so a loaded machine's lag does not swamp what is measured.
    const calls = await ramp(stack.gateway.url, {
      from: 5,
      to: 100,
      seconds: 8,
      call: () => ({ path: '/api/leetcode-questions', headers: { authorization: auth } }),
    });
    const admitted = calls.filter((c) => c.status === 200).map((c) => c.ms);
    const refused = calls.filter((c) => c.status === 503);
    const refusedMs = refused.map((c) => c.ms);
    console.warn(
      `ramp 5→100 calls/s against a service serving 10/s: ${calls.length} calls, ${admitted.length} 200 (p50 ${percentile(admitted, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(admitted, 99).toFixed(0)} ms), ${refused.length} refused (p50 ${percentile(refusedMs, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(refusedMs, 99).toFixed(0)} ms), the first at ${calls.find((c) => c.status === 503)?.rate.toFixed(0)} calls/s`,
    );

    // None dropped, none late, nothing but a success or the refusal.
    expect(calls.filter((c) => c.status === 0)).toEqual([]);
    expect(Math.max(...calls.map((c) => c.ms))).toBeLessThan(5_000);
    expect(calls.filter((c) => c.status !== 200 && c.status !== 503)).toEqual([]);
    expect(refused.filter((c: RampCall) => c.code !== 'overloaded' || c.retryAfter !== '1')).toEqual([]);
    // Past the knee the crowd meets refusals, at once; the calls admitted keep about their
    // unloaded latency (three calls ahead at most), where an unbounded queue grows to seconds.
    // Medians: a loaded machine's pauses reach the tail whatever the gateway does.
    expect(refused.length).toBeGreaterThan(calls.length / 2);
    expect(percentile(refusedMs, 50)).toBeLessThan(250);
    expect(percentile(admitted, 50)).toBeLessThan(1_000);
  }, 60_000);
});

describe('gateway: bounds on calls in flight', () => {
  let stack: Stack;
  let auth: string;
  const held: Array<{ abort(): void }> = [];
  const atPractice = new Set<http.ServerResponse>();
  const atProfile = new Set<http.ServerResponse>();

  beforeAll(async () => {
    stack = await startStack(
      // Frozen calls hold their slots until the test lets go (no deadline ends them first).
      { UPSTREAM_MAX_IN_FLIGHT: '3', MAX_IN_FLIGHT: '5', UPSTREAM_RESPONSE_TIMEOUT_MS: '60000' },
      { extra: { practice: frozen('/api/leetcode-questions/frozen', atPractice), profile: frozen('/api/profile/frozen', atProfile) } },
    );
    auth = `Bearer ${await es256Token(stack.keys, randomUUID())}`;
  });
  afterEach(async () => {
    for (const call of held.splice(0)) call.abort();
    // The gateway gives a slot back before it lets go of the service's call.
    await waitFor(() => atPractice.size + atProfile.size === 0);
  });
  afterAll(() => stack.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.gateway.url}${path}`, { headers: { authorization: auth, ...headers } });
  /** `count` calls frozen at the service behind `path`, each holding its slot at the gateway. */
  const holdSlots = async (path: string, count: number, pending: Set<http.ServerResponse>) => {
    const expected = pending.size + count;
    for (let i = 0; i < count; i++) held.push(hang(`${stack.gateway.url}${path}`, auth));
    await waitFor(() => pending.size === expected);
  };

  it('a frozen service holds only its own slots: its next call is refused at once, the others are served', async () => {
    await holdSlots('/api/leetcode-questions/frozen', 3, atPractice);

    const started = performance.now();
    const refused = await get('/api/leetcode-questions');
    // At once: the service is never asked (the margin is a loaded machine's, far short of the 5 s deadline).
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(await refused.json()).toEqual({ error: { code: 'overloaded', message: 'The practice service is busy, please try again in a moment' } });

    expect((await get('/api/profile')).status).toBe(200);
    expect((await get('/api/feature-requests')).status).toBe(200);
    // What the gateway answers itself takes no slot.
    for (const path of ['/healthz', '/readyz', '/', '/api/openapi.json']) expect((await get(path, { accept: 'text/html' })).status).toBe(200);
  });

  it('past the overall bound every service refuses, and a slot is given back as soon as its caller goes away', async () => {
    await holdSlots('/api/leetcode-questions/frozen', 3, atPractice);
    await holdSlots('/api/profile/frozen', 2, atProfile);

    const refused = await get('/api/feature-requests');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('overloaded');
    // Sign-in is counted too (identity is a service like the others), answered in GoTrue's shape.
    const signIn = await fetch(`${stack.gateway.url}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('retry-after')).toBe('1');

    held.pop()!.abort();
    await waitFor(async () => (await get('/api/feature-requests')).status === 200);
  });

  it('refuses bounds that are not a positive number of calls at start-up, naming the variable', async () => {
    await expect(startGateway({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', MAX_IN_FLIGHT: '0' })).rejects.toThrow(/MAX_IN_FLIGHT/);
    await expect(startGateway({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', UPSTREAM_MAX_IN_FLIGHT: 'many' })).rejects.toThrow(
      /UPSTREAM_MAX_IN_FLIGHT: must be a number of calls/,
    );
  });
});

describe('gateway: kept-alive connections', () => {
  let stack: Stack;
  const atPractice = new Set<http.ServerResponse>();

  beforeEach(async () => {
    stack = await startStack({}, { extra: { practice: frozen('/api/leetcode-questions', atPractice) } });
  });
  afterEach(() => stack.close());

  it("still carry a call after 6 s idle: Node's own 5 s closes them while a client may be sending, a call that then gets no answer", async () => {
    const socket = net.connect(stack.gateway.port, '127.0.0.1');
    let received = '';
    let ended = false;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', () => (ended = true));
    socket.on('error', () => undefined);
    const exchange = async () => {
      received = '';
      socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
      await waitFor(() => received.includes('{"status":"ok"}') || ended);
      return received.split('\r\n')[0];
    };
    try {
      expect(await exchange()).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(ended).toBe(false);
      expect(await exchange()).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  }, 20_000);

  it('are announced with how long they stay open idle, so a client lets go of its socket before the gateway closes it', async () => {
    // A client that reuses a socket the gateway is closing gets a reset, not an answer: Node's
    // Agent given a `timeout` lets go one second before this hint (bench/load does so).
    const agent = new http.Agent({ keepAlive: true });
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${stack.gateway.url}/healthz`, { agent }, resolve).on('error', reject);
    });
    answer.resume();
    agent.destroy();
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBe('timeout=65');
  });

  it('do not hold up stopping: a call in flight is answered, then its connection closes', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const token = await es256Token(stack.keys, randomUUID());
    const answer = new Promise<number>((resolve, reject) => {
      http
        .get(`${stack.gateway.url}/api/leetcode-questions`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
        .on('error', reject);
    });
    await waitFor(() => atPractice.size === 1);
    const started = performance.now();
    const stopped = stack.gateway.close(30_000);
    for (const res of atPractice) res.end('{}');
    expect(await answer).toBe(200);
    await stopped;
    // Stopped once the answer went out, not when the 30 s grace or the 65 s keep-alive ran out.
    expect(performance.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });
});
