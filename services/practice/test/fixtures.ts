import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import { practiceService } from '../src';

/** The spec file's environment and practice service, set by startPractice before its tests (read them in hooks and tests). */
export let env: TestEnvironment;
export let svc: RunningService;

/** The practice service on the test Postgres and NATS for one spec file: started before its tests, with `config` over the defaults, closed after. */
export function startPractice(config: Record<string, string> = {}): void {
  // Starting a service runs its migrations: seconds on a loaded CI machine, past jest’s 5 s default for hooks.
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(practiceService, config);
  }, 60_000);
  afterAll(() => env.close());
}

/** A signed-in candidate of the spec's own. */
export async function candidate(): Promise<{ user: TestUser; auth: { Authorization: string } }> {
  const user = env.newUser();
  return { user, auth: await env.authHeader(user) };
}

/**
 * A time zone whose date differs from UTC's right now (UTC+14 from 10:00 UTC, UTC-11 before), so a
 * day counted in UTC instead of in it shows.
 */
export const zoneOnAnotherDay = () => (new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago');

/** Today in `timeZone`, yyyy-mm-dd. */
export const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
