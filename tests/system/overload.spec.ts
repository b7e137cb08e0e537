import { startGateway, RunningGateway } from '@app/gateway';
import { practiceService } from '@app/practice';
import { profileService } from '@app/profile';
import { ramp, TestEnvironment, testIssuer } from '@app/service-kit/testing';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Overload is answered, never dropped: a crowd arriving ever faster at real services (Postgres,
 * NATS) through the gateway, with bounds on calls in flight small enough that the ramp passes them
 * on any machine. Every call gets its answer within the 5 s deadline: the service's 200, or past
 * the bound a fast 503 `overloaded` with Retry-After.
 */
describe('overload through the gateway', () => {
  let env: TestEnvironment;
  let gateway: RunningGateway;
  const tokens: string[] = [];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    const profile = await env.start(profileService);
    const practice = await env.start(practiceService);
    gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SUPABASE_JWT_SECRET: env.jwtSecret,
      AUTH_ISSUER: testIssuer,
      PROFILE_URL: profile.url,
      PRACTICE_URL: practice.url,
      READY_UPSTREAMS: 'profile,practice',
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      // Small enough that the ramp passes them on any machine: the ramp sends its calls every 5 ms
      // tick, so past 200 a second two leave together, and the second meets the bound however fast
      // the services answer (on a quiet machine no call outlasted the 5 ms between single ones).
      UPSTREAM_MAX_IN_FLIGHT: '1',
      MAX_IN_FLIGHT: '1',
    });
    for (let i = 0; i < 20; i++) tokens.push(`Bearer ${await env.token(env.newUser())}`);
    // Each user's profile exists before the crowd comes (it is made on first use).
    for (const authorization of tokens) expect((await fetch(`${gateway.url}/api/profile`, { headers: { authorization } })).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close(1_000);
    await env?.close();
  });

  it('answers a ramp from 10 to 400 calls a second: every call a 200 or a fast 503 overloaded with Retry-After, none dropped, none past 5 s', async () => {
    const calls = await ramp(gateway.url, {
      from: 10,
      to: 400,
      seconds: 10,
      call: (n) => ({ path: n % 2 === 0 ? '/api/profile' : '/api/leetcode-questions', headers: { authorization: tokens[n % tokens.length] } }),
    });
    const admitted = calls.filter((c) => c.status === 200).map((c) => c.ms);
    const refused = calls.filter((c) => c.status === 503);
    const refusedMs = refused.map((c) => c.ms);
    console.warn(
      `overload ramp 10→400 calls/s (1 in flight in all): ${calls.length} calls, ${admitted.length} answered 200 ` +
        `(p50 ${percentile(admitted, 50).toFixed(0)} ms, p99 ${percentile(admitted, 99).toFixed(0)} ms), ${refused.length} refused ` +
        `(p50 ${percentile(refusedMs, 50).toFixed(0)} ms, p99 ${percentile(refusedMs, 99).toFixed(0)} ms), the first at ` +
        `${calls.find((c) => c.status === 503)?.rate.toFixed(0)} calls/s`,
    );

    expect(calls.filter((c) => c.status === 0)).toEqual([]);
    expect(calls.filter((c) => c.status !== 200 && c.status !== 503)).toEqual([]);
    expect(refused.filter((c) => c.code !== 'overloaded' || c.retryAfter !== '1')).toEqual([]);
    expect(Math.max(...calls.map((c) => c.ms))).toBeLessThan(5_000);
    // The ramp went past the knee, and the refusals there were immediate (medians: a loaded
    // machine's pauses reach the tail whatever the gateway does).
    expect(refused.length).toBeGreaterThan(0);
    expect(percentile(refusedMs, 50)).toBeLessThan(250);
  });
});
