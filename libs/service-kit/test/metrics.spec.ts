import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { InProcessLog, InProcessTransport, RunningService } from '../src';
import { alertRuleSeries, dashboardSeries, metricValue, scrapeMetrics, TestEnvironment, waitFor } from '../src/testing';
import { fixtureService, plannedFailures } from './fixture/fixture.service';

jest.setTimeout(60_000);

/** GET /metrics on the service's metrics port. */
const scrape = (svc: RunningService) => scrapeMetrics(svc.metricsUrl!);

describe('metrics on their own port', () => {
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await TestEnvironment.create();
  });
  afterAll(() => env.close());

  it('counts requests by route template, method and status class, probes left out, and the public port has no /metrics', async () => {
    const svc = await env.start(fixtureService, { METRICS_PORT: '0', DATABASE_SCHEMA: `${env.prefix}_fixture_http_metrics` });
    expect(new URL(svc.metricsUrl!).port).not.toBe(String(svc.port));
    await request(svc.url).get('/api/notes/open').expect(200);
    await request(svc.url).get('/api/notes/open/').expect(200);
    await request(svc.url).get('/api/notes/me').expect(401);
    await request(svc.url)
      .post('/api/notes')
      .set(await env.authHeader(env.newUser()))
      .send({})
      .expect(400);
    await request(svc.url).get(`/api/notes/${randomUUID()}/nothing`).expect(404);
    await request(svc.url).get('/healthz').expect(200);
    await request(svc.url).get('/metrics').expect(404);

    const samples = await scrape(svc);
    const count = (route: string, method: string, statusClass: string) =>
      metricValue(samples, 'http_server_request_duration_seconds_count', { service: 'fixture', route, method, status_class: statusClass });
    expect(count('/api/notes/open', 'GET', '2xx')).toBe(2);
    expect(count('/api/notes/me', 'GET', '4xx')).toBe(1);
    expect(count('/api/notes', 'POST', '4xx')).toBe(1);
    // A path no route serves is one series, whatever the path: the label values stay few.
    expect(count('unmatched', 'GET', '4xx')).toBe(2);
    expect(samples.some((s) => s.labels.route?.includes('health'))).toBe(false);
    expect(metricValue(samples, 'http_server_request_duration_seconds_bucket', { route: '/api/notes/open', le: '+Inf' })).toBe(2);
    expect(metricValue(samples, 'process_cpu_seconds_total', { service: 'fixture' })).toBeGreaterThan(0);

    const other = await fetch(svc.metricsUrl!.replace(/\/metrics$/, '/other'));
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('shows calls that queued for a database connection, and the pool by state', async () => {
    // One connection for the whole service: eight notes at once must take turns for it. Their
    // events stay in this process (the JetStream tests below count a stream's events).
    const svc = await env.start(
      fixtureService,
      { METRICS_PORT: '0', DATABASE_POOL_MAX: '1', DATABASE_SCHEMA: `${env.prefix}_fixture_pool_metrics`, EVENT_BUS: 'in-process' },
      { transport: new InProcessTransport(new InProcessLog()) },
    );
    const before = await scrape(svc);
    const waitsBefore = metricValue(before, 'db_pool_wait_seconds_count', { service: 'fixture' }) ?? 0;
    const header = await env.authHeader(env.newUser());
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(svc.url)
          .post('/api/notes')
          .set(header)
          .send({ name: `queued ${i}` }),
      ),
    );
    expect(created.map((res) => res.status)).toEqual(Array(8).fill(201));

    const after = await scrape(svc);
    const waits = metricValue(after, 'db_pool_wait_seconds_count', { service: 'fixture' })! - waitsBefore;
    expect(waits).toBeGreaterThanOrEqual(1);
    expect(metricValue(after, 'db_pool_wait_seconds_sum', { service: 'fixture' })).toBeGreaterThan(0);
    // A wait is a wait for a connection: none of these took anywhere near the 3 s connection timeout.
    expect(metricValue(after, 'db_pool_wait_seconds_bucket', { service: 'fixture', le: '3' })! - waitsBefore).toBe(waits);
    const pool = (state: string) => metricValue(after, 'db_pool_connections', { service: 'fixture', state });
    expect(pool('idle')! + pool('in_use')!).toBeLessThanOrEqual(1);
    expect(pool('waiting')).toBeGreaterThanOrEqual(0);
  });

  it('has no metrics port unless METRICS_PORT is set', async () => {
    const svc = await env.start(fixtureService, { DATABASE_SCHEMA: `${env.prefix}_fixture_no_metrics` });
    expect(svc.metricsUrl).toBeUndefined();
  });

  describe.each([
    ['JetStream', () => ({})],
    ['the in-process bus', () => ({ transport: new InProcessTransport(new InProcessLog()) })],
  ])('the event pipeline over %s', (name, options) => {
    it('shows a failing consumer’s lag while it retries, then its dead letter, and the outbox backlog while the relay is stopped', async () => {
      const inProcess = name !== 'JetStream';
      const svc = await env.start(
        fixtureService,
        {
          METRICS_PORT: '0',
          DATABASE_SCHEMA: `${env.prefix}_fixture_event_metrics${inProcess ? '_local' : ''}`,
          EVENT_MAX_DELIVERIES: '4',
          ...(inProcess ? { EVENT_BUS: 'in-process' } : {}),
        },
        options(),
      );
      const consumer = { service: 'fixture', consumer: 'fixture.company-created' };
      const before = await scrape(svc);
      expect(metricValue(before, 'events_consumer_lag', consumer)).toBe(0);
      expect(metricValue(before, 'events_dead_letters', consumer)).toBe(0);
      expect(metricValue(before, 'events_outbox_backlog', { service: 'fixture' })).toBe(0);

      const poison = `metrics-poison-${randomUUID()}`;
      plannedFailures.set(poison, 1000);
      await request(svc.url)
        .post('/api/notes')
        .set(await env.authHeader(env.newUser()))
        .send({ name: poison })
        .expect(201);
      // Four attempts 0.5, 1 and 2 s apart: unhandled meanwhile, then parked.
      await waitFor(async () => metricValue(await scrape(svc), 'events_consumer_lag', consumer) === 1 || undefined, 5_000);
      await waitFor(async () => {
        const samples = await scrape(svc);
        return (metricValue(samples, 'events_dead_letters', consumer) === 1 && metricValue(samples, 'events_consumer_lag', consumer) === 0) || undefined;
      }, 15_000);

      // Every series the dashboard charts for a service is one the service serves.
      const served = new Set((await scrape(svc)).map((s) => s.name));
      expect(dashboardSeries().filter((name) => !name.startsWith('gateway_') && !served.has(name))).toEqual([]);
      // And every series an alert rule reads (the outbox's oldest event among them).
      expect(alertRuleSeries()).toContain('events_outbox_oldest_age_seconds');
      expect(alertRuleSeries().filter((name) => !name.startsWith('gateway_') && !served.has(name))).toEqual([]);

      await svc.events.stop();
      await svc.db.transaction((tx) => svc.events.record(tx, 'interviews.company.created', { id: randomUUID(), name: 'waiting', website_url: null }));
      expect(metricValue(await scrape(svc), 'events_outbox_backlog', { service: 'fixture' })).toBe(1);
    });
  });
});
