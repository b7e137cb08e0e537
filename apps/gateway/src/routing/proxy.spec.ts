import http from 'node:http';
import net from 'node:net';
import { answerHeaders, upstreamError, withConnectTimeout } from './proxy';

const errorWith = (code: string) => Object.assign(new Error(code), { code });

describe('upstream errors', () => {
  it.each([
    ['ECONNREFUSED', 503],
    ['EHOSTUNREACH', 503],
    ['ENOTFOUND', 503],
    ['UPSTREAM_CONNECT_TIMEOUT', 503],
    ['UND_ERR_CONNECT_TIMEOUT', 503],
    ['UND_ERR_HEADERS_TIMEOUT', 504],
    ['UND_ERR_SOCKET', 502],
    ['ECONNRESET', 502],
    ['EPIPE', 502],
  ])('%s → %i upstream_unavailable, naming the service only', (code, status) => {
    const error = upstreamError(errorWith(code), 'practice');
    expect(error.status).toBe(status);
    expect(error.code).toBe('upstream_unavailable');
    expect(error.message).toContain('practice');
    expect(error.message).not.toMatch(/127\.0\.0\.1|http:/);
  });
});

describe('connect timeout', () => {
  it('fails a request whose connection is not established in time', async () => {
    const agent = new http.Agent({ keepAlive: true });
    // A socket that never connects, standing in for a host that drops SYNs.
    (agent as unknown as { createConnection: () => net.Socket }).createConnection = () => {
      const socket = new net.Socket();
      (socket as unknown as { connecting: boolean }).connecting = true;
      return socket;
    };
    withConnectTimeout(agent, 50);
    const started = Date.now();
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = http.get({ host: '192.0.2.1', port: 80, path: '/', agent }, () => resolve(new Error('answered')));
      req.on('error', resolve);
    });
    expect(error.code).toBe('UPSTREAM_CONNECT_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });
});

describe("the service's answer headers", () => {
  it('drop its hop-by-hop headers, win a clash with the gateway’s own, and add up Vary lists', () => {
    const own = { 'x-request-id': 'rid-1', 'x-frame-options': 'DENY', vary: 'Origin' };
    const service = {
      connection: 'close',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'content-type': 'application/json',
      'x-frame-options': 'SAMEORIGIN',
      vary: 'Accept-Encoding',
      'set-cookie': ['a=1', 'b=2'],
    };
    // A flat list for writeHead: each name once, the service's first.
    expect(answerHeaders(own, service)).toEqual([
      'content-type',
      'application/json',
      'x-frame-options',
      'SAMEORIGIN',
      'vary',
      'Origin, Accept-Encoding',
      'set-cookie',
      ['a=1', 'b=2'],
      'x-request-id',
      'rid-1',
    ]);
  });
});
