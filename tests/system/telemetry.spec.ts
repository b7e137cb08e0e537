import { ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { TestEnvironment } from '@app/service-kit/testing';

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;
const root = path.resolve(__dirname, '../..');

/** A stand-in OTLP/HTTP collector: keeps every span posted to /v1/traces. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The SDK also sends its HTTP metrics (protobuf, /v1/metrics): not what this collector checks.
      if (req.url !== '/v1/traces') return void res.writeHead(200).end();
      const body = JSON.parse(Buffer.concat(chunks).toString());
      for (const rs of body.resourceSpans ?? []) {
        const service = rs.resource.attributes.find((a: { key: string }) => a.key === 'service.name')?.value.stringValue;
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              kind: s.kind,
              attributes: Object.fromEntries(
                (s.attributes ?? []).map((a: { key: string; value: Record<string, unknown> }) => [a.key, Object.values(a.value)[0]]),
              ),
            });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((r) => server.close(r)) };
}

/** Runs a built entry point as operators do and resolves with the URL it logs once listening. */
function run(script: string, env: Record<string, string | undefined>): Promise<{ child: ChildProcess; url: string; logs: Array<Record<string, unknown>> }> {
  const logs: Array<Record<string, unknown>> = [];
  const child = spawn(process.execPath, [path.join(root, script)], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info', STOP_WITH_PARENT: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n').slice(0, -1)) {
        const entry = JSON.parse(line);
        logs.push(entry);
        if (/listening$/.test(entry.msg)) resolve({ child, url: entry.url, logs });
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not exported in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

/** Traces with OTEL_EXPORTER_OTLP_ENDPOINT set, from the built processes (the SDK patches `require`, which jest replaces). */
describe('telemetry', () => {
  let env: TestEnvironment;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    collector = await startCollector();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await collector.close();
    await env.close();
  });

  it('follows one request from the gateway into the service, continuing the caller’s trace', async () => {
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    const practice = await run('services/practice/dist/main.js', { ...env.env('practice'), ...otel });
    children.push(practice.child);
    const gatewayEnv = env.env('gateway');
    const gateway = await run('apps/gateway/dist/main.js', { ...gatewayEnv, ...otel, PRACTICE_URL: practice.url, READY_UPSTREAMS: 'practice' });
    children.push(gateway.child);

    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${gateway.url}/api/leetcode-questions`, {
      headers: { Authorization: await env.authHeader(env.newUser()).then((h) => h.Authorization), traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);

    // SIGTERM flushes what is left: both processes stop cleanly.
    gateway.child.kill('SIGTERM');
    practice.child.kill('SIGTERM');
    expect(await exited(gateway.child)).toBe(0);
    expect(await exited(practice.child)).toBe(0);

    const trace = collector.spans.filter((s) => s.traceId === callerTrace);
    const gatewayServer = trace.find((s) => s.service === 'gateway' && s.kind === SERVER);
    const gatewayClient = trace.find((s) => s.service === 'gateway' && s.kind === CLIENT);
    const practiceServer = trace.find((s) => s.service === 'practice' && s.kind === SERVER);
    // Named after the route, not the URL: one name per route however many ids it serves.
    expect(gatewayServer).toMatchObject({ parentSpanId: '00f067aa0ba902b7', name: 'GET /api/leetcode-questions' });
    expect(gatewayClient).toMatchObject({
      attributes: expect.objectContaining({ 'http.response.status_code': 200, 'url.full': `${practice.url}/api/leetcode-questions` }),
    });
    expect(practiceServer).toMatchObject({
      parentSpanId: gatewayClient!.spanId,
      name: 'GET /api/leetcode-questions',
      attributes: expect.objectContaining({ 'url.path': '/api/leetcode-questions', 'http.route': '/api/leetcode-questions', 'http.response.status_code': 200 }),
    });
    // The service's Postgres queries are spans of the same trace.
    const queries = trace.filter(
      (s) => s.service === 'practice' && s.kind === CLIENT && (s.attributes['db.system'] ?? s.attributes['db.system.name']) === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    // Each process's log line for the request names the trace and its own span.
    const logged = (logs: Array<Record<string, unknown>>) => logs.find((l) => l.path === '/api/leetcode-questions');
    expect(logged(gateway.logs)).toMatchObject({ trace_id: callerTrace, span_id: gatewayServer!.spanId });
    expect(logged(practice.logs)).toMatchObject({ trace_id: callerTrace, span_id: practiceServer!.spanId });
    // Probes are not traced.
    expect(collector.spans.some((s) => String(s.attributes['url.path'] ?? '').startsWith('/healthz'))).toBe(false);
  });

  it('carries the trace with an event, from the service that recorded it to the one that consumes it', async () => {
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    const interviews = await run('services/interviews/dist/main.js', { ...env.env('interviews'), ...otel });
    const profile = await run('services/profile/dist/main.js', { ...env.env('profile'), ...otel });
    children.push(interviews.child, profile.child);

    const created = await fetch(`${interviews.url}/api/all-companies`, {
      method: 'POST',
      headers: { ...(await env.authHeader(env.newUser())), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Traced ${Date.now()}` }),
    });
    expect(created.status).toBe(201);
    const request = await waitFor(() =>
      collector.spans.find((s) => s.service === 'interviews' && s.kind === SERVER && s.attributes['http.request.method'] === 'POST'),
    );
    const consumed = await waitFor(() =>
      collector.spans.find(
        (s) => s.service === 'profile' && s.kind === CONSUMER && s.traceId === request.traceId && s.name === 'process interviews.company.created',
      ),
    );
    expect(consumed.attributes).toMatchObject({ 'messaging.system': 'nats', 'messaging.destination.name': 'interviews.company.created' });
    // The relay published it in the request's trace, and the consumer continued from that publish.
    const published = collector.spans.find((s) => s.service === 'interviews' && s.kind === PRODUCER && s.traceId === request.traceId);
    expect(published).toMatchObject({ name: 'publish interviews.company.created', parentSpanId: request.spanId });
    expect(consumed.parentSpanId).toBe(published!.spanId);
    interviews.child.kill('SIGTERM');
    profile.child.kill('SIGTERM');
    expect(await exited(interviews.child)).toBe(0);
    expect(await exited(profile.child)).toBe(0);
  });

  it('refuses to start with a malformed endpoint, naming the variable', async () => {
    const run = spawn(process.execPath, [path.join(root, 'services/practice/dist/main.js')], {
      env: { ...process.env, ...env.env('practice'), OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    run.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await exited(run)).toBe(1);
    expect(stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
  });
});
