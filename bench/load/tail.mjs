// Where a slow call's time goes inside the stack's Node processes, read from their /metrics (the
// stack started with METRICS_PORT: the gateway on it, the services on the next ports in registry
// order, docs/observability.md): garbage-collection pauses, event-loop delay and the calls that
// queued for a database connection (all of the pool busy) over the run.
// Each scrape resets prom-client's event-loop histogram, so the reading after the run covers the
// run alone; GC figures are the difference between the two readings.
import http from 'node:http';

/** One scrape's samples: "name{labels}" → value. */
function scrape(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/metrics', timeout: 5_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const samples = new Map();
        for (const line of text.split('\n')) {
          if (!line || line.startsWith('#')) continue;
          const space = line.lastIndexOf(' ');
          samples.set(line.slice(0, space), Number(line.slice(space + 1)));
        }
        resolve(samples);
      });
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(undefined));
  });
}

/** The sum of the samples whose key starts with `prefix` and holds `label` (e.g. le="0.01"), over every other label. */
const sumOf = (samples, prefix, label = '') => [...samples].filter(([key]) => key.startsWith(prefix) && key.includes(label)).reduce((sum, [, v]) => sum + v, 0);

/** The processes that answer on METRICS_PORT and the ports after it: [{ name, port }]. */
export function metricsTargets(metricsPort, serviceNames) {
  return [{ name: 'gateway', port: metricsPort }, ...serviceNames.map((name, i) => ({ name, port: metricsPort + 1 + i }))];
}

/** A reading of every target; call it right before the run and again right after. */
export async function readTail(targets) {
  return Promise.all(targets.map(async (t) => ({ ...t, samples: await scrape(t.port) })));
}

/** Prints, per process, GC pauses (count, total, how many over 10 and 100 ms), event-loop delay and database pool waits during the run. */
export function printTail(before, after, seconds) {
  console.log(`\nwhere the tail comes from (each Node process over the ${seconds} s run, from its /metrics):`);
  console.log(
    `${'process'.padEnd(14)}${'GC pauses'.padStart(10)}${'GC ms'.padStart(9)}${'≥10 ms'.padStart(8)}${'≥100 ms'.padStart(9)}${'loop p99 ms'.padStart(13)}${'loop max ms'.padStart(13)}` +
      `${'pool waits'.padStart(12)}${'wait ms'.padStart(9)}${'≥10 ms'.padStart(8)}`,
  );
  for (const end of after) {
    const start = before.find((b) => b.name === end.name);
    if (!end.samples || !start?.samples) {
      console.log(`${end.name.padEnd(14)}  no /metrics on port ${end.port}`);
      continue;
    }
    const delta = (prefix, label) => sumOf(end.samples, prefix, label) - sumOf(start.samples, prefix, label);
    const pauses = delta('nodejs_gc_duration_seconds_count');
    const under = (le) => delta('nodejs_gc_duration_seconds_bucket', `le="${le}"`);
    const ms = (v) => (v * 1000).toFixed(1);
    console.log(
      `${end.name.padEnd(14)}${String(pauses).padStart(10)}${ms(delta('nodejs_gc_duration_seconds_sum')).padStart(9)}${String(pauses - under('0.01')).padStart(8)}` +
        `${String(pauses - under('0.1')).padStart(9)}${ms(sumOf(end.samples, 'nodejs_eventloop_lag_p99_seconds')).padStart(13)}${ms(sumOf(end.samples, 'nodejs_eventloop_lag_max_seconds')).padStart(13)}` +
        poolWaits(end.samples, delta),
    );
  }
  console.log(
    '(GC: every pause, minor and major; loop: how late a timer ran, p99 and max, over the run; pool: calls that found every database connection busy, their total wait and how many waited 10 ms or more)',
  );
}

/** The pool columns: waits, their total and those of 10 ms or more ("-" for a process without a database pool, the gateway). */
function poolWaits(samples, delta) {
  if (![...samples.keys()].some((key) => key.startsWith('db_pool_wait_seconds'))) return `${'-'.padStart(12)}${'-'.padStart(9)}${'-'.padStart(8)}`;
  const waits = delta('db_pool_wait_seconds_count');
  return `${String(waits).padStart(12)}${(delta('db_pool_wait_seconds_sum') * 1000).toFixed(1).padStart(9)}${String(waits - delta('db_pool_wait_seconds_bucket', 'le="0.01"')).padStart(8)}`;
}
