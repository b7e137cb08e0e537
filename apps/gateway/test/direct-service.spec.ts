import { randomUUID } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import type { AuthUser } from '@app/contracts';
import { ClientAddress, CurrentUser, ServiceDefinition } from '@app/service-kit';
import { TestEnvironment, testIssuer } from '@app/service-kit/testing';
import { startGateway } from '../src/app';
import type { RunningGateway } from '../src/app';
import { hs256Token } from './helpers';

jest.setTimeout(60_000);

/** A real kit service (guard, envelope, request ids) whose one route says who it thinks the caller is. */
@Controller('api/profile')
class WhoAmIController {
  @Get('whoami')
  whoami(@CurrentUser() user: AuthUser) {
    return { id: user.id, email: user.email };
  }

  /** The address the kit's limits per client would count. */
  @Get('address')
  address(@CurrentUser() _user: AuthUser, @ClientAddress() address: string) {
    return { address };
  }
}

const loopback = /^(::ffff:)?127\.0\.0\.1$/;

@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

const whoamiService: ServiceDefinition = {
  name: 'gwwhoami',
  module: WhoAmIModule,
  migrationsDir: __dirname, // no .sql files here: only the kit's own migrations run
  defaultPort: 0,
};

describe('a request that reaches a service directly, or through the gateway', () => {
  let env: TestEnvironment;
  let serviceUrl: string;
  let gateway: RunningGateway;
  /** A gateway without GATEWAY_SECRET: the service believes nothing it says about the client. */
  let unproven: RunningGateway;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    serviceUrl = (await env.start(whoamiService)).url;
    const gatewayEnv = {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SUPABASE_JWT_SECRET: env.jwtSecret,
      AUTH_ISSUER: testIssuer,
      PROFILE_URL: serviceUrl,
      WEB_DIST: '/nonexistent',
      // The test stands for the ingress in front: its X-Forwarded-For names the client.
      TRUST_PROXY: 'loopback',
    };
    gateway = await startGateway({ ...gatewayEnv, GATEWAY_SECRET: env.gatewaySecret });
    unproven = await startGateway(gatewayEnv);
  });
  afterAll(async () => {
    await gateway?.close(500);
    await unproven?.close(500);
    await env?.close();
  });

  it('is refused by the service when it carries forged identity headers and no token', async () => {
    const res = await request(serviceUrl)
      .get('/api/profile/whoami')
      .set('X-User-Id', randomUUID())
      .set('X-User-Email', 'admin@example.com')
      .set('X-User-Role', 'moderator')
      .set('X-Authenticated-User', 'admin');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
  });

  it('is refused by the service when its token is signed with another secret', async () => {
    const forged = hs256Token('not-the-secret-the-services-share', randomUUID(), { iss: testIssuer });
    const res = await request(serviceUrl).get('/api/profile/whoami').set('Authorization', `Bearer ${forged}`).set('X-User-Id', randomUUID());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('is answered for the token, not the headers, when it comes through the gateway', async () => {
    const user = env.newUser();
    const res = await request(gateway.url)
      .get('/api/profile/whoami')
      .set(await env.authHeader(user))
      .set('X-User-Id', randomUUID())
      .set('X-Request-Id', 'through-the-gateway-1')
      .expect(200);
    expect(res.body).toEqual({ id: user.id, email: user.email });
    expect(res.headers['x-request-id']).toBe('through-the-gateway-1');
  });

  it('is refused by the gateway, before the service, with a token of another secret', async () => {
    const forged = hs256Token('not-the-secret-the-services-share', randomUUID(), { iss: testIssuer });
    const res = await request(gateway.url).get('/api/profile/whoami').set('Authorization', `Bearer ${forged}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('counts the client address the gateway names, not one the caller forged at the service', async () => {
    const auth = await env.authHeader(env.newUser());
    const through = await request(gateway.url).get('/api/profile/address').set(auth).set('X-Forwarded-For', '198.51.100.1, 203.0.113.5').expect(200);
    expect(through.body.address).toBe('203.0.113.5');
    // A proof the client made up is replaced by the gateway's own, which still names the same client.
    const madeUp = await request(gateway.url)
      .get('/api/profile/address')
      .set(auth)
      .set('X-Forwarded-For', '203.0.113.6')
      .set('X-Gateway-Proof', `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`)
      .expect(200);
    expect(madeUp.body.address).toBe('203.0.113.6');
    const direct = await request(serviceUrl).get('/api/profile/address').set(auth).set('X-Forwarded-For', '203.0.113.5').expect(200);
    expect(direct.body.address).toMatch(loopback);
  });

  it('without GATEWAY_SECRET at the gateway, every client counts as the gateway', async () => {
    const res = await request(unproven.url)
      .get('/api/profile/address')
      .set(await env.authHeader(env.newUser()))
      .set('X-Forwarded-For', '203.0.113.5')
      .expect(200);
    expect(res.body.address).toMatch(loopback);
  });
});
