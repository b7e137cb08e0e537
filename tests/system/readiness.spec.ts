import net from 'node:net';
import { startGateway, RunningGateway } from '@app/gateway';
import { interviewsService } from '@app/interviews';
import { profileService } from '@app/profile';
import { RunningService } from '@app/service-kit';
import { TestEnvironment, testIssuer, waitFor } from '@app/service-kit/testing';

/**
 * A TCP relay in front of Postgres or NATS that the test can cut (every connection dropped, new
 * ones refused, as when the server goes away) and restore on the same port, or freeze (connections
 * stay open, nothing gets through, as with a hung server).
 */
class CuttableLink {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    if (this.server?.listening) return;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
        if (this.frozen) socket.pause();
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  freeze(frozen: boolean): void {
    this.frozen = frozen;
    for (const socket of this.sockets) {
      if (frozen) socket.pause();
      else socket.resume();
    }
  }

  /** `url` with its host and port replaced by this relay's. */
  in(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }
}

const targetOf = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

async function statusOf(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.json() };
}

/**
 * Readiness that follows what a service needs, cut for real and brought back: its database (without
 * it a service is unready), and its broker (without it a service still serves and keeps its events
 * in the outbox: ready, degraded).
 */
describe('readiness when Postgres or NATS goes away and comes back', () => {
  const DETAILS_TOKEN = 'operator-readiness-token-1';
  let env: TestEnvironment;
  let database: CuttableLink;
  let broker: CuttableLink;
  let profile: RunningService;
  let interviews: RunningService;
  let gateway: RunningGateway;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    const own = env.env('profile');
    database = new CuttableLink(targetOf(own.DATABASE_URL!));
    broker = new CuttableLink(targetOf(own.NATS_URL!));
    await database.open();
    await broker.open();
    profile = await env.start(profileService, { DATABASE_URL: database.in(own.DATABASE_URL!), NATS_URL: broker.in(own.NATS_URL!) });
    // A producer on the same broker link: its events wait in its outbox while the link is cut.
    interviews = await env.start(interviewsService, { NATS_URL: broker.in(env.env('interviews').NATS_URL!) });
    gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PROFILE_URL: profile.url,
      SUPABASE_JWT_SECRET: env.jwtSecret,
      AUTH_ISSUER: testIssuer,
      READY_UPSTREAMS: 'profile',
      READY_DETAILS_TOKEN: DETAILS_TOKEN,
    });
  });
  afterAll(async () => {
    await gateway?.close(500);
    // Open again if a test stopped half-way, so the service can drain and stop.
    await database.open();
    await broker.open();
    await env.close();
  });

  const serviceReady = () => statusOf(`${profile.url}/readyz`);
  const gatewayReady = () => statusOf(`${gateway.url}/readyz`);
  /** The gateway's /readyz is 200 whenever it can serve; its body says whether every service answers. */
  const gatewaySays = async () => ((await gatewayReady()).body as { status: string }).status;

  it('is ready while both answer', async () => {
    expect(await serviceReady()).toEqual({ status: 200, body: { status: 'ready', database: 'up', events: 'nats', broker: 'up' } });
    expect(await gatewayReady()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('says 503 while Postgres is cut, at the service and on its prefix through the gateway, which stays ready (degraded), and ready once it is back', async () => {
    await database.cut();
    const notReady = await waitFor(async () => {
      const service = await serviceReady();
      return service.status === 503 ? service : undefined;
    }, 5_000);
    expect(notReady.body).toEqual({
      error: { code: 'upstream_unavailable', message: 'not ready: database down, broker up', fields: { database: 'down', broker: 'up' } },
    });
    // The gateway stays ready (it can serve): profile's prefix answers 503, everything else as ever.
    expect(await gatewayReady()).toEqual({ status: 200, body: { status: 'degraded' } });
    expect(await statusOf(`${gateway.url}/readyz`, { 'X-Ready-Details-Token': DETAILS_TOKEN })).toEqual({
      status: 200,
      body: { status: 'degraded', upstreams: { profile: 'down' } },
    });
    const profileCall = await fetch(`${gateway.url}/api/profile`, { headers: await env.authHeader(env.newUser()) });
    expect(profileCall.status).toBe(503);
    expect(profileCall.headers.get('retry-after')).toBeTruthy();
    expect((await fetch(gateway.url, { headers: { accept: 'text/html' } })).status).toBe(200);

    await database.open();
    await waitFor(async () => (await gatewaySays()) === 'ready', 10_000);
    expect((await serviceReady()).status).toBe(200);
  });

  it('says 503 within a second while Postgres hangs, and 200 once it answers again', async () => {
    database.freeze(true);
    try {
      // A check already in flight when Postgres froze (the gateway polls too) may still come back ready.
      await waitFor(async () => (await serviceReady()).status === 503, 5_000);
      const started = performance.now();
      const service = await serviceReady();
      expect(service.status).toBe(503);
      expect(service.body).toMatchObject({ error: { fields: { database: 'down', broker: 'up' } } });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await gatewayReady()).toEqual({ status: 200, body: { status: 'degraded' } });
    } finally {
      database.freeze(false);
    }
    await waitFor(async () => (await gatewaySays()) === 'ready', 10_000);
  });

  it('stays ready while NATS is cut, saying its broker reconnects: reads answer, a write is taken and its event waits in the outbox until NATS is back', async () => {
    const company = { name: `Written While NATS Was Away ${Date.now()}` };
    const headers = await env.authHeader(env.newUser());
    const knownToProfile = async () => (await profile.db.query('SELECT 1 FROM companies WHERE name = $1', [company.name])).rows.length > 0;
    // What interviews announced before (its seeded companies) has left its outbox, so the one write below is all that waits.
    await waitFor(async () => (await interviews.events.pendingCount()) === 0, 20_000);
    await broker.cut();
    const degraded = {
      status: 200,
      body: {
        status: 'degraded',
        database: 'up',
        events: 'nats',
        broker: 'reconnecting',
        reasons: ['NATS is unreachable: the client is reconnecting; events wait in the outbox'],
      },
    };
    await waitFor(async () => JSON.stringify(await serviceReady()) === JSON.stringify(degraded), 5_000);
    expect(await statusOf(`${interviews.url}/readyz`)).toEqual(degraded);
    // Nothing is taken out of service: the gateway finds every service ready.
    expect(await gatewayReady()).toEqual({ status: 200, body: { status: 'ready' } });

    const written = await fetch(`${interviews.url}/api/all-companies`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(company),
    });
    expect(written.status).toBe(201);
    const read = await fetch(`${interviews.url}/api/all-companies`, { headers });
    expect(read.status).toBe(200);
    expect(JSON.stringify(await read.json())).toContain(company.name);
    expect((await fetch(`${gateway.url}/api/profile`, { headers })).status).not.toBe(503);
    expect(await interviews.events.pendingCount()).toBe(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await knownToProfile()).toBe(false);

    await broker.open();
    const delivered = await waitFor(async () => ((await interviews.events.pendingCount()) === 0 && (await knownToProfile()) ? true : undefined), 20_000);
    expect(delivered).toBe(true);
    expect(await serviceReady()).toEqual({ status: 200, body: { status: 'ready', database: 'up', events: 'nats', broker: 'up' } });
  });
});
