import { randomUUID } from 'node:crypto';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { profileService } from '../src';
import { tag } from './helpers';

jest.setTimeout(60_000);

describe('profile: usernames made before skeletons (migration 0003)', () => {
  let env: TestEnvironment;
  beforeAll(async () => (env = await TestEnvironment.create()));
  afterAll(() => env.close());

  it('fills in their skeletons at start-up; of two old look-alikes the second keeps none, and nobody new can take either look', async () => {
    // Rows as the release before migration 0003 wrote them: no skeleton.
    const old = await env.start(profileService);
    const name = `olga${tag()}`;
    const [first, second, other] = [randomUUID(), randomUUID(), randomUUID()].sort();
    await old.db.query('INSERT INTO user_profiles (id, username) VALUES ($1, $2), ($3, $4), ($5, $6)', [
      first,
      name,
      second,
      name.replace('o', '\u043e'), // Cyrillic о
      other,
      `Other${tag()}`,
    ]);
    await env.stop(old);

    const profile = await env.start(profileService);
    const { rows } = await profile.db.query<{ id: string; username_skeleton: string | null }>(
      'SELECT id, username_skeleton FROM user_profiles WHERE id = ANY($1::uuid[]) ORDER BY id',
      [[first, second, other]],
    );
    expect(rows.map((r) => r.username_skeleton)).toEqual([name, null, expect.stringMatching(/^other[0-9a-f]{6}$/)]);
    const taken = await request(profile.url)
      .put('/api/profile')
      .set(await env.authHeader(env.newUser()))
      .send({ username: name.replace('o', '\u03bf') }); // Greek ο
    expect(taken.status).toBe(409);
  });
});
