import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startAccessLog } from './http/middleware';
import { createLogger, Logger } from './logger';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createLogger', () => {
  let dir: string;
  let file: string;
  let fd: number;
  const loggers: Logger[] = [];
  const logger = (options: { bufferBytes?: number }) => {
    const made = createLogger('gateway', 'info', { fd, ...options });
    loggers.push(made);
    return made;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'logger-'));
    file = path.join(dir, 'log');
    fd = openSync(file, 'a');
  });
  afterEach(async () => {
    // The destination owns the file descriptor: ending it stops its flush timer and closes it, so
    // no later write in this worker reaches a closed (or reused) descriptor.
    for (const made of loggers.splice(0)) {
      const destination = (made as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as NodeJS.EventEmitter & { destroyed: boolean; end(): void };
      if (destination.destroyed) continue;
      const closed = new Promise((resolve) => destination.once('close', resolve));
      destination.end();
      await closed;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes each line at once by default, as JSON with the service and level', async () => {
    const log = logger({});
    log.info({ status: 200 }, 'request');
    await sleep(50);
    expect(lines()).toEqual([expect.objectContaining({ service: 'gateway', level: 'info', status: 200, msg: 'request' })]);
  });

  it("writes a request's access line as pino writes the same fields, escaped and in the same order", async () => {
    const log = logger({});
    startAccessLog(log, 'req-1', 'GE"T', '/api/profile')(200, 'user-1');
    log.info({ request_id: 'req-1', user_id: 'user-1', method: 'GE"T', path: '/api/profile', status: 200, ms: 0 }, 'request');
    startAccessLog(log, 'req-2', 'GET', 'web')(404);
    await sleep(50);
    const [fast, viaPino, signedOut] = lines().map(({ time, ms, ...line }) => ({ ...line, time: typeof time, ms: typeof ms }));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(viaPino));
    expect(fast).toEqual({
      level: 'info',
      time: 'string',
      service: 'gateway',
      request_id: 'req-1',
      user_id: 'user-1',
      method: 'GE"T',
      path: '/api/profile',
      status: 200,
      ms: 'number',
      msg: 'request',
    });
    expect(signedOut).not.toHaveProperty('user_id');
  });

  it('names an API path by its declared route template, never a parameter that may be a credential; other paths as they are', async () => {
    const log = logger({});
    const token = 'Qx7'.repeat(14) + 'Q';
    log.warn({ path: `/api/leetcode-questions/calendar/${token}` }, 'upstream request failed');
    log.warn({ path: `/api/leetcode-questions/calendar/${token}/ics` }, 'upstream request failed');
    log.info({ path: '/api/profile' }, 'x');
    log.info({ path: '/assets/index-abc.js' }, 'x');
    await sleep(50);
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect(lines().map((line) => line.path)).toEqual(['/api/leetcode-questions/calendar/:token', 'unmatched', '/api/profile', '/assets/index-abc.js']);
  });

  it('buffered: gathers lines into one write, and writes what waits within about a second', async () => {
    const log = logger({ bufferBytes: 4096 });
    for (let i = 0; i < 3; i++) log.info({ i }, 'request');
    await sleep(100);
    expect(lines()).toEqual([]);
    await sleep(1_200);
    expect(lines().map((line) => line.i)).toEqual([0, 1, 2]);
  });

  it('buffered: writes as soon as a batch is full', async () => {
    const log = logger({ bufferBytes: 4096 });
    for (let i = 0; i < 100; i++) log.info({ i, path: '/api/profile' }, 'request');
    await sleep(100);
    expect(lines().length).toBeGreaterThan(0);
  });

  it('buffered: flushing the logger writes what waits at once, whole lines in order', async () => {
    const log = logger({ bufferBytes: 4096 });
    for (let i = 0; i < 5; i++) log.info({ i, name: 'Zoë ✓' }, 'request');
    expect(lines()).toEqual([]);
    await new Promise<void>((resolve, reject) => log.flush((err) => (err ? reject(err) : resolve())));
    expect(lines().map((line) => [line.i, line.name])).toEqual([0, 1, 2, 3, 4].map((i) => [i, 'Zoë ✓']));
  });
});
