import request from 'supertest';
import { attemptSchema, promptSchema, systemDesignMessages } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { practiceService } from '../src';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/** Two replicas of practice on one database, as Kubernetes runs them: an attempt's draft, review and cards are Postgres's alone. */
describe('System Design across two practice replicas', () => {
  let env: TestEnvironment;
  let replicas: RunningService[];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    // One after the other: the first makes the schema both share.
    replicas = [await env.start(practiceService), await env.start(practiceService)];
  });
  afterAll(() => env.close());

  const candidate = async () => env.authHeader(env.newUser());
  const start = async (auth: Auth, slug = 'url-shortener') =>
    attemptSchema.parse(
      (await request(replicas[0].url).post(`/api/system-design/prompts/${slug}/attempts`).set(auth).send({ mode: 'untimed' }).expect(201)).body.data,
    );
  const save = (svc: RunningService, auth: Auth, id: string, revision: number, deepDives: string) =>
    request(svc.url)
      .put(`/api/system-design/attempts/${id}`)
      .set(auth)
      .send({ revision, notes: { deep_dives: deepDives }, scene: { type: 'excalidraw', elements: [{ id: 't', type: 'text', text: deepDives }] } });
  const read = async (svc: RunningService, auth: Auth, id: string) =>
    attemptSchema.parse((await request(svc.url).get(`/api/system-design/attempts/${id}`).set(auth).expect(200)).body);
  const submit = (svc: RunningService, auth: Auth, id: string) => request(svc.url).post(`/api/system-design/attempts/${id}/submit`).set(auth);
  const cards = async (userAuth: Auth) =>
    (await request(replicas[1].url).get('/api/system-design/progress').set(userAuth).expect(200)).body.concepts.map((c: { concept: string }) => c.concept);

  it('keeps the newest draft when autosaves alternate between the replicas, and either replica refuses a stale tab with the contract’s 409', async () => {
    const auth = await candidate();
    const attempt = await start(auth);
    for (let revision = 1; revision <= 6; revision++) {
      const saved = await save(replicas[revision % 2], auth, attempt.id, revision, `draft ${revision}`).expect(200);
      expect(saved.body.data.revision).toBe(revision);
      // The other replica reads what this one just wrote: no replica keeps a draft of its own.
      expect(await read(replicas[(revision + 1) % 2], auth, attempt.id)).toMatchObject({ revision, notes: { deep_dives: `draft ${revision}` } });
    }
    for (const svc of replicas) {
      await save(svc, auth, attempt.id, 4, 'from a stale tab').expect(409, { error: { code: 'conflict', message: systemDesignMessages.staleRevision } });
      // The same revision again (a retried request) is answered as saved, with the time it was saved.
      const again = await save(svc, auth, attempt.id, 6, 'draft 6').expect(200);
      expect(again.body.data).toEqual({ revision: 6, saved_at: (await read(svc, auth, attempt.id)).saved_at });
    }
    expect(await read(replicas[0], auth, attempt.id)).toMatchObject({
      revision: 6,
      notes: { deep_dives: 'draft 6' },
      scene: { elements: [{ text: 'draft 6' }] },
    });
  });

  it('ends 20 racing autosaves split over both replicas, each sent to both, with one write per revision in revision order and the newest stored', async () => {
    const auth = await candidate();
    const attempt = await start(auth);
    // Revisions 1..20, each on both replicas at once (a save retried on the other pod), all in flight together.
    const sent = Array.from({ length: 40 }, (_, i) => ({ revision: (i % 20) + 1, svc: replicas[i % 2] }));
    const answers = await Promise.all(
      sent.map(async ({ revision, svc }) => ({ revision, res: await save(svc, auth, attempt.id, revision, `racing ${revision}`) })),
    );

    expect(answers.filter(({ res }) => res.status !== 200 && res.status !== 409)).toEqual([]);
    for (const { res } of answers.filter(({ res }) => res.status === 409))
      expect(res.body).toEqual({ error: { code: 'conflict', message: systemDesignMessages.staleRevision } });
    // A 200 for a revision names the one write of it: its twin, answered as a repeat, reports the same time.
    const won = new Map<number, string>();
    for (const { revision, res } of answers.filter(({ res }) => res.status === 200)) {
      expect(res.body.data.revision).toBe(revision);
      expect(won.get(revision) ?? res.body.data.saved_at).toBe(res.body.data.saved_at);
      won.set(revision, res.body.data.saved_at);
    }
    // Nothing newer can beat the newest: both its copies are 200, and a write never lands after a newer one.
    expect(answers.filter(({ revision, res }) => revision === 20 && res.status === 200)).toHaveLength(2);
    const times = [...won].sort(([a], [b]) => a - b).map(([, at]) => Date.parse(at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const stored = await read(replicas[1], auth, attempt.id);
    expect(stored).toMatchObject({ revision: 20, saved_at: won.get(20), notes: { deep_dives: 'racing 20' }, scene: { elements: [{ text: 'racing 20' }] } });
  });

  it('refuses an autosave on one replica after a submit on the other, and judges exactly what an autosave racing the submit left stored', async () => {
    const auth = await candidate();
    const attempt = await start(auth);
    await save(replicas[0], auth, attempt.id, 1, 'first thoughts').expect(200);
    await submit(replicas[0], auth, attempt.id).expect(200);
    await save(replicas[1], auth, attempt.id, 2, 'too late').expect(409, { error: { code: 'conflict', message: systemDesignMessages.submitted } });
    expect((await read(replicas[1], auth, attempt.id)).notes).toEqual({ deep_dives: 'first thoughts' });

    // At once on both replicas: the save lands before the submit (and is judged) or is refused; never saved but not judged.
    const racing = await start(auth);
    const [saved, submitted] = await Promise.all([
      save(replicas[1], auth, racing.id, 1, 'Redis cache in front of the store'),
      submit(replicas[0], auth, racing.id).expect(200),
    ]);
    const covered = attemptSchema.parse(submitted.body.data).review!.concepts_covered.map((c) => c.key);
    const stored = await read(replicas[1], auth, racing.id);
    if (saved.status === 200) {
      expect(stored.notes).toEqual({ deep_dives: 'Redis cache in front of the store' });
      expect(covered).toContain('caching');
    } else {
      expect(saved.body).toEqual({ error: { code: 'conflict', message: systemDesignMessages.submitted } });
      expect(stored).toMatchObject({ revision: 0, notes: {} });
      expect(covered).not.toContain('caching');
    }
  });

  it('makes each weak concept exactly one FSRS card when submit and the self-review are retried on the other replica, and attempts of two prompts at once', async () => {
    const auth = await candidate();
    const [shortener, feed] = await Promise.all(['url-shortener', 'news-feed'].map((slug) => start(auth, slug)));

    // The submit retried on the other pod, while the other prompt's attempt is submitted too: every answer is the one review.
    const submits = await Promise.all([
      submit(replicas[0], auth, shortener.id),
      submit(replicas[1], auth, shortener.id),
      submit(replicas[1], auth, feed.id),
      submit(replicas[0], auth, feed.id),
    ]);
    expect(submits.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [a, b, c, d] = submits.map((r) => attemptSchema.parse(r.body.data));
    expect(b).toEqual(a);
    expect(d).toEqual(c);
    // Nothing was written, so every concept of either prompt was missed; both prompts' shared concepts are one card.
    const concepts = async (slug: string) =>
      promptSchema.parse((await request(replicas[0].url).get(`/api/system-design/prompts/${slug}`).set(auth).expect(200)).body).concepts.map((ref) => ref.key);
    const missed = [...new Set([...(await concepts('url-shortener')), ...(await concepts('news-feed'))])].sort();
    expect(a.review!.concepts_missed.map((ref) => ref.key).sort()).toEqual((await concepts('url-shortener')).sort());
    expect((await cards(auth)).sort()).toEqual(missed);

    // A card reviewed since is not put back by a submit retried later on either replica.
    const weakInRubric = ['requirements', 'estimation', 'api', 'dataModel'];
    const concept = missed.find((key) => !weakInRubric.includes(key))!;
    const reviewed = (await request(replicas[0].url).post(`/api/system-design/concept-cards/${concept}/review`).set(auth).send({ grade: 'easy' }).expect(200))
      .body.data;
    for (const svc of replicas) expect(attemptSchema.parse((await submit(svc, auth, shortener.id).expect(200)).body.data)).toEqual(a);

    // The self-review sent to both at once: weak dimensions (1) make no second card either.
    const rubric = { requirements_scope: 1, estimation: 1, api_data_model: 1, high_level_design: 4, depth_tradeoffs: 4 };
    const rated = await Promise.all(replicas.map((svc) => request(svc.url).put(`/api/system-design/attempts/${shortener.id}/rubric`).set(auth).send(rubric)));
    expect(rated.map((r) => r.status)).toEqual([200, 200]);
    expect(rated.map((r) => r.body.data.review.rubric_total)).toEqual([11, 11]);

    const { rows } = await replicas[1].db.query<{ concept: string; n: number; reviews: number; due_at: Date }>(
      `SELECT concept, count(*) OVER (PARTITION BY concept)::int AS n, reviews, due_at FROM design_concept_cards
       WHERE user_id = (SELECT user_id FROM design_attempts WHERE id = $1)`,
      [shortener.id],
    );
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(rows.map((row) => row.concept).sort()).toEqual([...new Set([...missed, ...weakInRubric])].sort());
    const kept = rows.find((row) => row.concept === concept)!;
    expect(kept.reviews).toBe(1);
    expect(new Date(kept.due_at).getTime()).toBe(Date.parse(reviewed.due_at));
    const progress = await request(replicas[0].url).get('/api/system-design/progress').set(auth).expect(200);
    expect(progress.body.prompts).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'url-shortener', attempts: 1, best_rubric_total: 11 })]));
  });
});
