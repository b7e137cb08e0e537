import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metric, Registry } from 'prom-client';
import { z } from 'zod';
import { AppError, notFound } from '../errors';
import { sendError } from '../http/envelope';
import { promClient } from './prom-client';

/**
 * METRICS_PORT: where Prometheus scrapes /metrics, a port of its own so the public port never
 * answers it. Unset: no metrics (nothing is counted). 0 takes a free port (tests).
 */
export const metricsPortShape = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional());

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/** Seconds: a fast API call lands in the first buckets, a slow upstream in the last. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One labelled series: per-bucket counts (not yet cumulative), their sum and count. */
class Series {
  readonly buckets = new Float64Array(DURATION_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: Record<string, string>) {}
}

/**
 * A duration histogram in the registry's text format, whose series are plain arrays. prom-client's
 * own Histogram validates and hashes the label set on every observation, even through a child
 * from `labels()` (about 3 µs a call, measured), which the gateway pays on every request; here a
 * series is found by two map lookups and an array index and counted with a few additions.
 */
class DurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly series: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  /** What the registry formats at a scrape: cumulative buckets, +Inf, sum and count per series. */
  get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const { labels, buckets, sum, count } of this.series) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/**
 * Durations by route, method and status class (plus fixed labels such as the gateway's upstream),
 * each series made the first time it is seen and kept: no label strings are built per request.
 * Label values are bounded: routes are templates, unknown methods count as OTHER.
 */
export class RouteHistogram {
  private readonly series = new Map<string, Map<string, Series[]>>();

  constructor(
    private readonly histogram: DurationHistogram,
    private readonly fixedLabels: Record<string, string>,
  ) {}

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    const knownMethod = METHODS.has(method) ? method : 'OTHER';
    let byClass = byMethod.get(knownMethod);
    if (!byClass) byMethod.set(knownMethod, (byClass = []));
    const index = Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1;
    let series = byClass[index];
    if (!series) {
      series = byClass[index] = new Series({ ...this.fixedLabels, route, method: knownMethod, status_class: STATUS_CLASSES[index] });
      this.histogram.series.push(series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket] += 1;
    series.sum += seconds;
    series.count += 1;
  }
}

/** One process's (or one in-process service's) metrics: their own registry, every series labelled with the service. */
export class Metrics {
  readonly registry: Registry;
  /** Requests this process answered, by route template. */
  readonly requests: RouteHistogram;

  constructor(readonly service: string) {
    const { Registry, collectDefaultMetrics } = promClient();
    this.registry = new Registry();
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requests = this.routeHistograms(
      'http_server_request_duration_seconds',
      'Requests answered, by route template, method and status class, and how long they took',
    )({});
  }

  /**
   * A duration histogram by route, method and status class in this registry; each RouteHistogram
   * made from it adds labels of its own (e.g. the gateway's upstream).
   */
  /** A gauge a service reads for itself at each scrape (e.g. identity's unsent mail); `read` answering undefined leaves it out of that scrape. */
  gauge(name: string, help: string, read: () => Promise<number | undefined>): void {
    const { Gauge } = promClient();
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.reset();
        const value = await read();
        if (value !== undefined) this.set(value);
      },
    });
  }

  routeHistograms(name: string, help: string): (fixedLabels: Record<string, string>) => RouteHistogram {
    const histogram = new DurationHistogram(name, help);
    this.registry.registerMetric(histogram as unknown as Metric);
    return (fixedLabels) => new RouteHistogram(histogram, fixedLabels);
  }
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Serves GET /metrics on its own port (the text format Prometheus scrapes); anything else is a 404 in the error envelope. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      return sendError(res, notFound('Metrics are at GET /metrics'));
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (err: Error) => sendError(res, new AppError('internal', `metrics could not be collected: ${err.message}`)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
