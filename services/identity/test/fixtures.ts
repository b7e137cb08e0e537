import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { identityService } from '../src';

/** The spec file's environment and identity service, set by startIdentity before its tests (read them in hooks and tests). */
export let env: TestEnvironment;
export let svc: RunningService;

/** Identity on the test Postgres and NATS for one spec file: started before its tests, with `config` over the defaults, closed after. */
export function startIdentity(config: Record<string, string>): void {
  // Starting a service runs its migrations: seconds on a loaded CI machine, past jest’s 5 s default for hooks.
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(identityService, config);
  }, 60_000);
  afterAll(() => env.close());
}
