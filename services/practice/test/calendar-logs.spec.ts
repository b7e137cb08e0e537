import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { candidate, startPractice, svc } from './fixtures';

jest.setTimeout(60_000);

/** Where the service's log lines go in this file: its standard output, pointed at a file as a shell would. */
const logFile = path.join(os.tmpdir(), `practice-log-${process.pid}-${Date.now()}.jsonl`);
const logFd = fs.openSync(logFile, 'w');
const stdoutFd = Object.getOwnPropertyDescriptor(process.stdout, 'fd');

describe('the calendar feed in the logs', () => {
  beforeAll(() => Object.defineProperty(process.stdout, 'fd', { value: logFd, configurable: true }));
  startPractice({ LOG_LEVEL: 'info' });
  afterAll(() => {
    if (stdoutFd) Object.defineProperty(process.stdout, 'fd', stdoutFd);
    fs.rmSync(logFile, { force: true });
  });

  it('at LOG_LEVEL=info, a fetch of the feed is logged by its route template: the token is in no line', async () => {
    const { auth } = await candidate();
    const feed = (await request(svc.url).post('/api/leetcode-questions/calendar-feed').set(auth).expect(201)).body.data as { path: string };
    const token = feed.path.split('/').pop()!;
    await request(svc.url).get(feed.path).expect(200);
    await request(svc.url).get(`${feed.path}x`).expect(404);
    const text = fs.readFileSync(logFile, 'utf8');
    expect(text).not.toContain(token);
    const fetches = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request' && line.method === 'GET' && String(line.path).includes('/calendar/'));
    expect(fetches).toEqual([
      expect.objectContaining({ path: '/api/leetcode-questions/calendar/:token', status: 200 }),
      expect.objectContaining({ path: '/api/leetcode-questions/calendar/:token', status: 404 }),
    ]);
  });
});
