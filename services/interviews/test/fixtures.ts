import { profileService } from '@app/profile';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { interviewsService } from '../src';

/** The spec file's environment and services, set by startInterviews before its tests (read them in hooks and tests). */
export let env: TestEnvironment;
export let svc: RunningService;
export let profile: RunningService;

/**
 * Interviews on the test Postgres and NATS for one spec file: started before its tests, closed
 * after. `withProfile`: profile first, and interviews asking it for usernames (PROFILE_URL).
 * `migrationsDir`: started on these migrations instead (a schema as an earlier release left it).
 */
export function startInterviews({ withProfile = false, migrationsDir = interviewsService.migrationsDir } = {}): void {
  // Starting a service runs its migrations: seconds on a loaded CI machine, past jest’s 5 s default for hooks.
  beforeAll(async () => {
    env = await TestEnvironment.create();
    if (withProfile) profile = await env.start(profileService);
    svc = await env.start({ ...interviewsService, migrationsDir }, withProfile ? { PROFILE_URL: profile.url } : {});
  }, 60_000);
  afterAll(() => env.close());
}

/** Stops the service and starts it again on the same database, as a rollout does. */
export async function restartInterviews(): Promise<void> {
  await env.stop(svc);
  svc = await env.start(interviewsService);
}

/** A new signed-in candidate's Authorization header. */
export const someone = () => env.authHeader(env.newUser());

const run = Math.random().toString(36).slice(2, 8);

/** A company named `name` and this file's run, added by a candidate of its own: adding companies is capped per account and day. */
export const company = async (name: string) =>
  (
    await request(svc.url)
      .post('/api/all-companies')
      .set(await someone())
      .send({ name: `${name} ${run}` })
      .expect(201)
  ).body.data as { id: string; name: string };
