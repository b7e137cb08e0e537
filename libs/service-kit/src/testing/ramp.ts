import http from 'node:http';

/** One call of a ramp and what came back. */
export interface RampCall {
  /** The rate (calls a second) the ramp had reached when the call was sent. */
  rate: number;
  /** The HTTP status; 0 when no answer came at all (reset, refused, or not within `timeoutMs`). */
  status: number;
  /** From sending to the answer's last byte. */
  ms: number;
  retryAfter?: string;
  /** The envelope's `error.code`, when the answer is one. */
  code?: string;
  /** Why no answer came (status 0). */
  failure?: string;
}

export interface RampOptions {
  /** Calls a second at the start and at the end; the rate rises evenly in between. */
  from: number;
  to: number;
  seconds: number;
  /** The n-th call: its path and headers (GET). */
  call: (n: number) => { path: string; headers?: Record<string, string> };
  /** A call with no answer by then is recorded as dropped (status 0). Default 30 s. */
  timeoutMs?: number;
}

function send(agent: http.Agent, base: URL, path: string, headers: Record<string, string>, timeoutMs: number): Promise<Omit<RampCall, 'rate'>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const dropped = (failure: string) => resolve({ status: 0, ms: performance.now() - started, failure });
    const req = http.get({ host: base.hostname, port: base.port, path, headers: { accept: 'application/json', ...headers }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (err) => dropped(err.message));
      res.on('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } }).error?.code;
        } catch {
          // not JSON: no envelope
        }
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter, code });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => dropped(err.message));
  });
}

/**
 * A crowd arriving ever faster: GETs to `baseUrl` sent on schedule whether or not the earlier ones
 * came back (an open loop, as real users arrive), at a rate rising evenly from `from` to `to`
 * calls a second over `seconds`. Resolves with every call once each has been answered or dropped.
 */
export async function ramp(baseUrl: string, options: RampOptions): Promise<RampCall[]> {
  const base = new URL(baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true });
  const { from, to, seconds } = options;
  // Calls due by `t` seconds: the area under the rising rate.
  const dueBy = (t: number) => Math.floor(from * t + ((to - from) * t * t) / (2 * seconds));
  const calls: Array<Promise<RampCall>> = [];
  const started = performance.now();
  for (let t = 0; t <= seconds; t = (performance.now() - started) / 1000) {
    const rate = from + ((to - from) * t) / seconds;
    for (const due = dueBy(t); calls.length < due;) {
      const { path, headers = {} } = options.call(calls.length);
      calls.push(send(agent, base, path, headers, timeoutMs).then((answer) => ({ rate, ...answer })));
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  try {
    return await Promise.all(calls);
  } finally {
    agent.destroy();
  }
}
