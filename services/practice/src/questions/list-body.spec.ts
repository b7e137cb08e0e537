import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { etagMatches, ListBody, preferredCoding } from './list-body';

describe('ListBody', () => {
  const json = Buffer.from(JSON.stringify([{ title: 'x'.repeat(1000) }]));

  it('compresses the same bytes once per coding', async () => {
    const body = new ListBody(json);
    const gzip = await body.encode('gzip');
    const br = await body.encode('br');
    expect(gunzipSync(gzip).equals(json)).toBe(true);
    expect(brotliDecompressSync(br).equals(json)).toBe(true);
    expect(gzip.length).toBeLessThan(json.length / 10);
    expect(await body.encode('gzip')).toBe(gzip);
  });

  it('names its bytes with a strong ETag that changes with them', () => {
    const a = new ListBody(json);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(new ListBody(Buffer.from(json)).etag).toBe(a.etag);
    expect(new ListBody(Buffer.from('[{"title":"y"}]')).etag).not.toBe(a.etag);
  });

  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
  ])('If-None-Match %j matches "abc": %s', (header, expected) => expect(etagMatches(header, '"abc"')).toBe(expected));

  it.each([
    [undefined, undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=0', undefined],
    ['identity', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    const req = Object.setPrototypeOf({ headers: header === undefined ? {} : { 'accept-encoding': header } }, express.request);
    expect(preferredCoding(req)).toBe(expected);
  });
});
