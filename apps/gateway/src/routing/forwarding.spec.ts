import type { IncomingMessage } from 'node:http';
import { requestIdFrom } from '@app/service-kit/core';
import { dropIdentityHeaders, isIdentityHeader } from '../auth/identity-headers';
import { clientAddress, dropHopByHopHeaders, prepareForwardedRequest } from './forwarding';

const fakeRequest = (headers: Record<string, string>, remoteAddress = '10.1.2.3') =>
  ({ headers: { ...headers }, socket: { remoteAddress } }) as unknown as IncomingMessage;
const trustNone = () => false;
const trustAll = () => true;

describe('identity headers', () => {
  it('recognises the usual spellings and nothing else', () => {
    for (const name of [
      'x-user-id',
      'X-User-Email',
      'x-user-role',
      'x-user',
      'x-authenticated-user',
      'x-authenticated-userid',
      'x-forwarded-user',
      'x-remote-user',
      'remote-user',
      'x-gateway-user',
    ]) {
      expect(isIdentityHeader(name)).toBe(true);
    }
    for (const name of ['authorization', 'x-request-id', 'x-client-info', 'x-supabase-api-version', 'apikey', 'user-agent', 'x-forwarded-for']) {
      expect(isIdentityHeader(name)).toBe(false);
    }
  });

  it('drops them in place', () => {
    const headers = { 'x-user-id': '1', 'x-user-anything': '2', authorization: 'Bearer t' };
    expect(dropIdentityHeaders(headers)).toEqual(['x-user-id', 'x-user-anything']);
    expect(headers).toEqual({ authorization: 'Bearer t' });
  });
});

describe('forwarded request', () => {
  it('replaces forwarding claims of an untrusted client', () => {
    const req = fakeRequest({
      host: 'app.example.com',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil',
      'x-real-ip': '6.6.6.6',
      forwarded: 'for=6.6.6.6',
      'x-user-id': 'u',
    });
    prepareForwardedRequest(req, 'rid-1', trustNone);
    expect(req.headers).toEqual({
      host: 'app.example.com',
      'x-request-id': 'rid-1',
      'x-forwarded-for': '10.1.2.3',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'app.example.com',
    });
  });

  it("names the one client address a trusted proxy reports, overwriting the chain, and keeps that proxy's scheme and host", () => {
    const req = fakeRequest({
      host: 'gw:8080',
      'x-forwarded-for': '1.1.1.1, 2.2.2.2',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'app.example.com',
      'x-real-ip': '6.6.6.6',
      forwarded: 'for=6.6.6.6',
    });
    prepareForwardedRequest(req, 'rid-2', (_address, hop) => hop < 1);
    expect(req.headers).toEqual({
      host: 'gw:8080',
      'x-request-id': 'rid-2',
      'x-forwarded-for': '2.2.2.2',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'app.example.com',
    });
  });

  it("reads the client address as Express's req.ip does: right to left while the hops are trusted", () => {
    const from = (chain: string) => fakeRequest({ 'x-forwarded-for': chain });
    expect(clientAddress(from('1.1.1.1, 2.2.2.2'), trustNone)).toBe('10.1.2.3');
    expect(clientAddress(from('1.1.1.1, 2.2.2.2'), trustAll)).toBe('1.1.1.1');
    expect(clientAddress(from('1.1.1.1, 2.2.2.2, 10.0.0.9'), (address) => address.startsWith('10.'))).toBe('2.2.2.2');
    expect(clientAddress(from('1.1.1.1,2.2.2.2'), (_address, hop) => hop < 2)).toBe('1.1.1.1');
    expect(clientAddress(fakeRequest({}), trustAll)).toBe('10.1.2.3');
  });

  it('drops hop-by-hop headers, including those the Connection header names, except for upgrades', () => {
    const headers = {
      connection: 'close, x-foo, authorization',
      'keep-alive': 'timeout=5',
      'x-foo': '1',
      te: 'trailers',
      authorization: 'Bearer t',
      accept: '*/*',
    };
    dropHopByHopHeaders(headers);
    expect(headers).toEqual({ authorization: 'Bearer t', accept: '*/*' });
    const upgrade = fakeRequest({ connection: 'Upgrade', upgrade: 'websocket' });
    prepareForwardedRequest(upgrade, 'rid-3', trustNone, { upgrade: true });
    expect(upgrade.headers).toMatchObject({ connection: 'Upgrade', upgrade: 'websocket' });
  });

  it('keeps a well-formed request id and replaces anything else', () => {
    expect(requestIdFrom('abc-123:x.y')).toBe('abc-123:x.y');
    expect(requestIdFrom('a b')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
