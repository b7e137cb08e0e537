import { serviceNames, serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import request from 'supertest';
import { RunningGateway, startGateway } from '../src';
import { deadPort, es256Token, startStack, Stack } from './helpers';

const DETAILS_TOKEN = 'operator-readiness-token-1';
const details = { 'X-Ready-Details-Token': DETAILS_TOKEN };

describe('gateway: routes and readiness come from the service registry', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack({ READY_DETAILS_TOKEN: DETAILS_TOKEN });
    token = await es256Token(stack.keys, '8f7c2f8e-6c1e-4c5e-9f3a-2b1d0c9e8a71');
  });
  afterAll(() => stack.close());

  it.each(serviceRegistry.flatMap((s) => s.prefixes.map((prefix) => [prefix, s.name] as const)))('%s reaches %s', async (prefix, name) => {
    const res = await request(stack.gateway.url).get(`${prefix}/x`).set('Authorization', `Bearer ${token}`);
    expect(res.headers['x-upstream']).toBe(name);
  });

  it('waits for every registry service by default', async () => {
    const res = await request(stack.gateway.url).get('/readyz').set(details).expect(200);
    expect(Object.keys(res.body.upstreams).sort()).toEqual([...serviceNames].sort());
  });

  it('does not wait for a service left out of READY_UPSTREAMS (one not deployed)', async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const env = Object.fromEntries(
      serviceNames.map((name) => [upstreamUrlVariable(name), name === 'identity' || name === 'profile' ? stack.upstreams[name].url : dead]),
    );
    let gateway: RunningGateway | undefined;
    try {
      gateway = await startGateway({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ...env,
        READY_UPSTREAMS: 'identity,profile',
        READY_DETAILS_TOKEN: DETAILS_TOKEN,
      });
      const res = await request(gateway.url).get('/readyz').set(details).expect(200);
      expect(Object.keys(res.body.upstreams).sort()).toEqual(['identity', 'profile']);
    } finally {
      await gateway?.close(500);
    }
  });

  it('refuses a READY_UPSTREAMS name the registry does not know', async () => {
    await expect(startGateway({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', READY_UPSTREAMS: 'identity,billing' })).rejects.toThrow(/READY_UPSTREAMS/);
  });
});
