import { RunningService } from '@app/service-kit';
import { publishEvent, TestEnvironment, TestUser } from '@app/service-kit/testing';
import { communityService } from '../src';

/** The spec file's environment and community service, set by startCommunity before its tests (read them in hooks and tests). */
export let env: TestEnvironment;
export let svc: RunningService;

/** Community on the test Postgres and NATS for one spec file: started before its tests, with `config` over the defaults, closed after. */
export function startCommunity(config: Record<string, string> = {}): void {
  // Starting a service runs its migrations: seconds on a loaded CI machine, past jest’s 5 s default for hooks.
  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(communityService, config);
  }, 60_000);
  afterAll(() => env.close());
}

export const moderator = (env: TestEnvironment): TestUser => ({ ...env.newUser(), app_metadata: { provider: 'email', role: 'moderator' } });

/** Announces the account's deletion as identity does, on this environment's stream. */
export const announceDeletion = (env: TestEnvironment, userId: string) => publishEvent(env, 'identity.user.deleted', { user_id: userId });
