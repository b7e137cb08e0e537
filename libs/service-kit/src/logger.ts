import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { Logger } from 'pino';
import { requestContext } from './context';
import { loggedPath } from './http/logged-path';

export type { Logger };

export interface LoggerOptions {
  /**
   * Lines gathered into writes of about this many bytes, written at least every second and on
   * exit, instead of one write per line: a busy process's access log then costs a write for ten
   * or more lines. What a SIGKILL interrupts loses the last second's lines. 0: a write per line.
   */
  bufferBytes?: number;
  /** Where lines go (default: standard output). */
  fd?: number;
}

/** How long a buffered line may wait for its write. */
const LOG_FLUSH_INTERVAL_MS = 1_000;

type Destination = ReturnType<typeof pino.destination>;

/**
 * Lines gathered into writes of about `bytes`, as sonic-boom's minLength would gather them, but
 * cheaper per line: sonic-boom measures its whole pending batch again on every line (the UTF-8
 * length of a string growing to the batch's size, flattened each time), which at 4 KiB was the
 * largest part of an access line's cost. Here a line adds its own length (UTF-16 units: about its
 * bytes, as a threshold needs), and a batch is joined once, when it is written.
 */
class LineBatch {
  private lines: string[] = [];
  private length = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly destination: Destination,
    private readonly bytes: number,
  ) {
    this.timer = setInterval(() => this.flushSync(), LOG_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= this.bytes) this.flushSync();
    return true;
  }

  /** Writes what waits (pino.final and the exit hook call it). */
  flushSync(): void {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.destination.write(batch);
  }

  /** pino's logger.flush(callback). */
  flush(callback?: (err?: Error) => void): void {
    this.flushSync();
    this.destination.flush(callback);
  }

  get destroyed(): boolean {
    // sonic-boom keeps it; its typings leave it out.
    return (this.destination as unknown as { destroyed: boolean }).destroyed;
  }

  once(event: string, listener: (...args: unknown[]) => void): this {
    this.destination.once(event, listener);
    return this;
  }

  /** Writes what waits, then closes the destination (its file descriptor included). */
  end(): void {
    clearInterval(this.timer);
    this.flushSync();
    this.destination.end();
  }
}

/**
 * Batched destinations, written out when the process exits however it ends (but SIGKILL): a batch
 * holds up to a second of lines.
 */
const batches = new Set<WeakRef<LineBatch>>();

function flushAtExit(batch: LineBatch): void {
  if (batches.size === 0) {
    process.once('exit', () => {
      for (const ref of batches) {
        try {
          ref.deref()?.flushSync();
        } catch {
          // Ended already, or standard output is gone: nothing more can be said.
        }
      }
    });
  }
  batches.add(new WeakRef(batch));
}

/** What the mixin adds to a line outside a request and a trace: nothing, never written to. */
const NOTHING = Object.freeze({});

let isoTimeAt = 0;
let isoTimeText = '';
/** pino's isoTime, formatted once per millisecond: a busy process writes several lines in each. */
function isoTime(): string {
  const now = Date.now();
  if (now !== isoTimeAt) {
    isoTimeAt = now;
    isoTimeText = `,"time":"${new Date(now).toISOString()}"`;
  }
  return isoTimeText;
}

/**
 * JSON logs with the request id (and user) of the current request, when there is one, and with
 * telemetry on, the current trace and span ids: a log line leads to its trace and back.
 */
export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): Logger {
  const bufferBytes = options.bufferBytes ?? 0;
  // Synchronous writes, as pino's own default: an asynchronous write goes through libuv's thread
  // pool and a callback (an access line, buffered: 5.3-5.8 µs of CPU that way, 3.4-3.7 µs
  // written synchronously). Standard output here is a file, a terminal or the container runtime's
  // pipe, all of which take a line at once.
  const destination = pino.destination({ dest: options.fd ?? process.stdout.fd ?? 1, sync: true });
  const batch = bufferBytes > 0 ? new LineBatch(destination, bufferBytes) : undefined;
  if (batch) flushAtExit(batch);
  return pino(
    {
      level,
      base: { service },
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const store = requestContext.getStore();
        const span = trace.getActiveSpan()?.spanContext();
        const traced = span !== undefined && isSpanContextValid(span);
        if (!store && !traced) return NOTHING;
        const fields: Record<string, string> = {};
        if (store) {
          fields.request_id = store.requestId;
          if (store.userId) fields.user_id = store.userId;
        }
        if (traced) {
          fields.trace_id = span.traceId;
          fields.span_id = span.spanId;
        }
        return fields;
      },
      // pino's own merge copies the line's fields into the mixin's object, even an empty one.
      mixinMergeStrategy: (line, fields) => (fields === NOTHING ? line : Object.assign(fields, line)),
      redact: { paths: ['password', '*.password', 'access_token', 'refresh_token', '*.authorization', 'authorization'], remove: true },
      // Whatever line names a request's path (an upstream's failure, a websocket upgrade) names its route template.
      serializers: { path: (path: unknown) => (typeof path === 'string' ? loggedPath(path) : path) },
    },
    batch ?? destination,
  );
}
