import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { TestEnvironment } from '../src/testing';
import { ClientAddress, Public, RunningService, ServiceDefinition } from '../src';

/** Says which client address the kit gives it, and stands for an /internal/* call of the platform. */
@Controller()
@Public()
class HopController {
  @Get('api/hop/address')
  address(@ClientAddress() address: string) {
    return { address };
  }

  @Get('internal/hop')
  internal() {
    return { internal: true };
  }
}

@Module({ controllers: [HopController] })
class HopModule {}

const hopService: ServiceDefinition = { name: 'hop', module: HopModule, migrationsDir: __dirname, defaultPort: 0 };
const loopback = /^(::ffff:)?127\.0\.0\.1$/;

describe('only the gateway is believed about the client', () => {
  let env: TestEnvironment;
  let svc: RunningService;
  /** The same service run alone, without GATEWAY_SECRET. */
  let alone: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(hopService);
    alone = await env.start(hopService, { GATEWAY_SECRET: '' });
  });
  afterAll(() => env.close());

  it('counts a direct call with a forged X-Forwarded-For as its real address', async () => {
    const res = await request(svc.url).get('/api/hop/address').set('X-Forwarded-For', '203.0.113.7').expect(200);
    expect(res.body.address).toMatch(loopback);
  });

  it("believes the gateway's X-Forwarded-For when the call proves GATEWAY_SECRET", async () => {
    const res = await request(svc.url).get('/api/hop/address').set(env.fromGateway('203.0.113.7')).expect(200);
    expect(res.body.address).toBe('203.0.113.7');
  });

  it('believes nothing from a proof of another secret, or an address that is not one', async () => {
    const other = await TestEnvironment.create();
    try {
      const forged = await request(svc.url).get('/api/hop/address').set(other.fromGateway('203.0.113.7')).expect(200);
      expect(forged.body.address).toMatch(loopback);
    } finally {
      await other.close();
    }
    const chain = await request(svc.url).get('/api/hop/address').set(env.fromGateway('203.0.113.7, 198.51.100.1')).expect(200);
    expect(chain.body.address).toMatch(loopback);
  });

  it('refuses /internal/* without the proof, in the envelope, however the path is spelled', async () => {
    for (const path of ['/internal/hop', '/INTERNAL/hop', '/internal/nothing-here']) {
      const res = await request(svc.url).get(path).expect(401);
      expect(res.body).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('X-Gateway-Proof') } });
    }
    const other = await TestEnvironment.create();
    try {
      await request(svc.url).get('/internal/hop').set(other.fromGateway()).expect(401);
    } finally {
      await other.close();
    }
  });

  it('answers /internal/* with the proof', async () => {
    await request(svc.url).get('/internal/hop').set(env.fromGateway()).expect(200, { internal: true });
  });

  it('without GATEWAY_SECRET, believes no forwarded address and refuses /internal/* to everyone', async () => {
    const address = await request(alone.url).get('/api/hop/address').set(env.fromGateway('203.0.113.7')).expect(200);
    expect(address.body.address).toMatch(loopback);
    const internal = await request(alone.url).get('/internal/hop').set(env.fromGateway()).expect(401);
    expect(internal.body.error.code).toBe('unauthorized');
  });
});
