import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import { practiceService } from '../src';

/**
 * The practice service on the test Postgres and NATS for one spec file (started before its tests,
 * stopped after, with `config` over the defaults), and signed-in candidates of its own.
 */
export function practiceStack(config: Record<string, string> = {}): {
  readonly env: TestEnvironment;
  readonly svc: RunningService;
  candidate(): Promise<{ user: TestUser; auth: { Authorization: string } }>;
} {
  let env: TestEnvironment;
  let svc: RunningService;
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(practiceService, config);
  });
  afterAll(() => env.close());
  return {
    get env() {
      return env;
    },
    get svc() {
      return svc;
    },
    candidate: async () => {
      const user = env.newUser();
      return { user, auth: await env.authHeader(user) };
    },
  };
}

/**
 * A time zone whose date differs from UTC's right now (UTC+14 from 10:00 UTC, UTC-11 before), so a
 * day counted in UTC instead of in it shows.
 */
export const zoneOnAnotherDay = () => (new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago');

/** Today in `timeZone`, yyyy-mm-dd. */
export const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
