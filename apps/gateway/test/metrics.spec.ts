import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { dashboardSeries, MetricSample, metricValue, scrapeMetrics } from '@app/service-kit/testing';
import { es256Token, Stack, startStack } from './helpers';

const count = (samples: MetricSample[], name: string, labels: Record<string, string>) => metricValue(samples, `${name}_count`, labels);

describe('gateway metrics', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(
      { METRICS_PORT: '0', UPSTREAM_RESPONSE_TIMEOUT_MS: '300' },
      { extra: { practice: (req) => req.url === '/api/error-types/hang' } }, // accepts, never answers
    );
  });
  afterAll(() => stack.close());

  it('counts answers and upstream durations by declared route, method and status class', async () => {
    const auth = { Authorization: `Bearer ${await es256Token(stack.keys, randomUUID())}` };
    const { url } = stack.gateway;
    await request(url).get(`/api/candidate-interviews/${randomUUID()}`).set(auth).expect(200);
    await request(url).get(`/api/candidate-interviews/${randomUUID()}?x=1`).set(auth).expect(200);
    await request(url).get('/api/candidate-interviews/locations').set(auth).expect(200);
    await request(url).get('/api/profile').expect(401);
    await request(url).get('/api/error-types/hang').set(auth).expect(504);
    await request(url).get('/auth/v1/settings').expect(200);
    await request(url).get('/some/page');
    await request(url).get('/healthz').expect(200);

    const samples = await scrapeMetrics(stack.gateway.metricsUrl!);
    const answered = (route: string, method: string, statusClass: string) =>
      count(samples, 'http_server_request_duration_seconds', { service: 'gateway', route, method, status_class: statusClass });
    const upstream = (name: string, route: string, statusClass: string) =>
      count(samples, 'gateway_upstream_request_duration_seconds', { upstream: name, route, method: 'GET', status_class: statusClass });

    // One series per declared route, whatever the id; a fixed path wins over a parameter.
    expect(answered('/api/candidate-interviews/:id', 'GET', '2xx')).toBe(2);
    expect(upstream('interviews', '/api/candidate-interviews/:id', '2xx')).toBe(2);
    expect(upstream('interviews', '/api/candidate-interviews/locations', '2xx')).toBe(1);
    expect(upstream('identity', '/auth/v1/settings', '2xx')).toBe(1);
    // Refused at the door: answered, never handed to the service.
    expect(answered('/api/profile', 'GET', '4xx')).toBe(1);
    expect(upstream('profile', '/api/profile', '4xx')).toBeUndefined();
    // A service that does not answer in time: the gateway's 504, counted against that service (no route declares this path).
    expect(upstream('practice', 'unmatched', '5xx')).toBe(1);
    // Pages and assets: one series.
    const web = samples.filter((s) => s.name === 'http_server_request_duration_seconds_count' && s.labels.route === 'web');
    expect(web.reduce((sum, s) => sum + s.value, 0)).toBe(1);
    expect(samples.some((s) => s.labels.route === '/healthz')).toBe(false);
    // Every series the dashboard (deploy/grafana) charts for the gateway is one it serves.
    const served = new Set(samples.map((s) => s.name));
    expect(dashboardSeries().filter((name) => name.startsWith('gateway_') && !served.has(name))).toEqual([]);
    expect(dashboardSeries()).toContain('gateway_upstream_request_duration_seconds_bucket');
  });
});
