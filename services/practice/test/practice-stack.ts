import { RunningService } from '@app/service-kit';
import { TestEnvironment, TestUser } from '@app/service-kit/testing';
import { practiceService } from '../src';

/**
 * The practice service on the test Postgres and NATS for one spec file (started before its tests,
 * stopped after), and signed-in candidates of its own.
 */
export function practiceStack(): {
  readonly env: TestEnvironment;
  readonly svc: RunningService;
  candidate(): Promise<{ user: TestUser; auth: { Authorization: string } }>;
} {
  let env: TestEnvironment;
  let svc: RunningService;
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(practiceService);
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
