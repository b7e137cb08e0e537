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

/** Ask a SWE reputation for the member (a privilege's threshold), as one upvoted question of theirs would give it. */
export async function grantReputation(userId: string, amount: number): Promise<void> {
  await svc.db.query(
    `WITH q AS (INSERT INTO ask_questions (user_id, author_name, title, body, tags, moderation) VALUES (gen_random_uuid(), 'x', 'seed', 'seed', '{}', 'removed') RETURNING id),
     v AS (INSERT INTO ask_votes (question_id, user_id, value) SELECT id, gen_random_uuid(), 1 FROM q RETURNING id)
     INSERT INTO ask_reputation (user_id, reason, vote_id, amount) SELECT $1, 'question_upvoted', id, $2 FROM v`,
    [userId, amount],
  );
}
