import request from 'supertest';
import {
  attemptSchema,
  capMessages,
  caps,
  dueQueueSchema,
  practiceAnalyticsSchema,
  promptListSchema,
  promptSchema,
  systemDesignLimits,
  systemDesignMessages,
  systemDesignProgressSchema,
} from '@app/contracts';
import { interviewsService } from '@app/interviews';
import { RunningService } from '@app/service-kit';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { candidate, env, startPractice, svc } from './fixtures';

type Auth = { Authorization: string };

describe('System Design: prompts, attempts, review, concept cards and "asked at"', () => {
  startPractice();
  let interviews: RunningService;
  beforeAll(async () => {
    interviews = await env.start(interviewsService);
  });

  const start = async (auth: Auth, slug = 'url-shortener', mode = 'timed') =>
    attemptSchema.parse((await request(svc.url).post(`/api/system-design/prompts/${slug}/attempts`).set(auth).send({ mode }).expect(201)).body.data);
  const save = (auth: Auth, id: string, body: Record<string, unknown>) => request(svc.url).put(`/api/system-design/attempts/${id}`).set(auth).send(body);
  const prompt = async (auth: Auth, slug: string) =>
    promptSchema.parse((await request(svc.url).get(`/api/system-design/prompts/${slug}`).set(auth).expect(200)).body);
  const list = async (auth: Auth, query: Record<string, string> = {}) =>
    promptListSchema.parse((await request(svc.url).get('/api/system-design/prompts').query(query).set(auth).expect(200)).body);
  const labelled = (...texts: string[]) => ({ type: 'excalidraw', elements: texts.map((text, i) => ({ id: `t${i}`, type: 'text', text })) });

  it('lists at least 40 prompts, filtered by level and concept and searched by words; a bad filter is a 400 in the words of the contract', async () => {
    const { auth } = await candidate();
    const all = await list(auth);
    expect(all.prompts.length).toBeGreaterThanOrEqual(40);
    expect(all.prompts[0]).toMatchObject({ slug: 'url-shortener', progress: { attempts: 0, best_rubric_total: null } });
    expect((await list(auth, { q: 'tiny' })).prompts.map((p) => p.slug)).toEqual(['url-shortener']);
    const staff = await list(auth, { level: 'staff', concept: 'consistentHashing' });
    expect(staff.prompts.map((p) => p.slug)).toEqual(['key-value-store']);
    const bad = await request(svc.url).get('/api/system-design/prompts?level=junior&concept=magic').set(auth).expect(400);
    expect(bad.body.error.fields).toEqual({ level: systemDesignMessages.level, concept: systemDesignMessages.concept });
    await request(svc.url)
      .get('/api/system-design/prompts/no-such-prompt')
      .set(auth)
      .expect(404, { error: { code: 'not_found', message: systemDesignMessages.noPrompt } });
  });

  it('autosaves last write wins by revision, resumes after a reload, keeps the outline locked until submit, then reviews and schedules the missed concepts', async () => {
    const { auth } = await candidate();
    const attempt = await start(auth);
    expect(attempt).toMatchObject({ mode: 'timed', status: 'in_progress', revision: 0, notes: {}, scene: null, review: null });
    expect((await prompt(auth, 'url-shortener')).reference_outline).toBeNull();

    const notes = { requirements: 'Functional: shorten links and redirect; 100M new links a month, read heavy', api: 'POST /urls returns a code' };
    const scene = labelled('Redis cache', 'Key value store sharded by code');
    expect((await save(auth, attempt.id, { revision: 2, notes, scene }).expect(200)).body.data.revision).toBe(2);
    // A retried save of the same revision is answered as saved; an older one from a stale tab is refused and changes nothing.
    await save(auth, attempt.id, { revision: 2, notes, scene }).expect(200);
    const stale = await save(auth, attempt.id, { revision: 1, notes: { requirements: 'old' }, scene: null }).expect(409);
    expect(stale.body.error.message).toBe(systemDesignMessages.staleRevision);
    const resumed = attemptSchema.parse((await request(svc.url).get(`/api/system-design/attempts/${attempt.id}`).set(auth).expect(200)).body);
    expect(resumed).toMatchObject({ revision: 2, notes, scene });

    // Concurrent saves of one draft (two tabs, a flaky connection): the newest revision stays, whatever order they land in.
    await Promise.all([3, 4, 5, 6, 7, 8].map((revision) => save(auth, attempt.id, { revision, notes: { ...notes, deep_dives: `rev ${revision}` }, scene })));
    expect((await request(svc.url).get(`/api/system-design/attempts/${attempt.id}`).set(auth).expect(200)).body).toMatchObject({
      revision: 8,
      notes: { deep_dives: 'rev 8' },
    });

    await request(svc.url)
      .put(`/api/system-design/attempts/${attempt.id}/rubric`)
      .set(auth)
      .send(rubric(3))
      .expect(409, {
        error: { code: 'conflict', message: systemDesignMessages.notSubmitted },
      });
    const submitted = attemptSchema.parse((await request(svc.url).post(`/api/system-design/attempts/${attempt.id}/submit`).set(auth).expect(200)).body.data);
    const keys = (refs: Array<{ key: string }>) => refs.map((r) => r.key);
    expect(submitted.status).toBe('submitted');
    // Notes and the drawing's labels count: "cache" and "sharded" are in the labels only.
    expect(keys(submitted.review!.concepts_covered)).toEqual(expect.arrayContaining(['requirements', 'estimation', 'api', 'dataModel', 'caching', 'sharding']));
    expect(keys(submitted.review!.concepts_missed)).toEqual(expect.arrayContaining(['idGeneration', 'cdn', 'tradeOffs']));
    expect(submitted.review!.reference_outline.length).toBeGreaterThan(3);
    expect((await prompt(auth, 'url-shortener')).reference_outline).toEqual(submitted.review!.reference_outline);
    await save(auth, attempt.id, { revision: 9, notes, scene }).expect(409, { error: { code: 'conflict', message: systemDesignMessages.submitted } });

    // Rated weak on estimation (2), which the notes did mention: its concept becomes a card too.
    const ratings = { ...rubric(3), estimation: 2, depth_tradeoffs: 4 };
    const rated = attemptSchema.parse(
      (await request(svc.url).put(`/api/system-design/attempts/${attempt.id}/rubric`).set(auth).send(ratings).expect(200)).body.data,
    );
    expect(rated.review).toMatchObject({ rubric: ratings, rubric_total: 15 });

    // Each missed concept is a card due today in Problem Review's queue, graded with the same grades.
    const due = dueQueueSchema.parse((await request(svc.url).get('/api/leetcode-questions/due').set(auth).expect(200)).body);
    expect(due.concept_cards.map((c) => c.concept).sort()).toEqual([...keys(submitted.review!.concepts_missed), 'estimation'].sort());
    expect(due.concept_cards[0]).toMatchObject({ prompt_slug: 'url-shortener', prompt_title: 'URL shortener', retention: null, reviews: 0 });
    const graded = (await request(svc.url).post('/api/system-design/concept-cards/cdn/review').set(auth).send({ grade: 'good' }).expect(200)).body.data;
    expect(graded).toMatchObject({ concept: 'cdn', reviews: 1 });
    expect(Date.parse(graded.due_at)).toBeGreaterThan(Date.now() + 12 * 3600_000);
    expect(graded.retention).toBeGreaterThan(90);
    const after = dueQueueSchema.parse((await request(svc.url).get('/api/leetcode-questions/due').set(auth).expect(200)).body);
    expect(after.concept_cards.map((c) => c.concept)).not.toContain('cdn');
    await request(svc.url).post('/api/system-design/concept-cards/loadBalancing/review').set(auth).send({ grade: 'good' }).expect(404);

    const progress = systemDesignProgressSchema.parse((await request(svc.url).get('/api/system-design/progress').set(auth).expect(200)).body);
    expect(progress.prompts).toEqual([expect.objectContaining({ slug: 'url-shortener', attempts: 1, best_rubric_total: 15 })]);
    expect(progress.concepts.find((c) => c.concept === 'cdn')?.retention).toBe(graded.retention);
    const analytics = practiceAnalyticsSchema.parse((await request(svc.url).get('/api/leetcode-questions/analytics').set(auth).expect(200)).body);
    expect(analytics.system_design).toMatchObject({ attempts: 1, submitted: 1, prompts_practised: 1, mean_best_rubric_total: 15 });
    expect(analytics.system_design.weakest_concepts).toEqual([{ concept: 'cdn', name: 'CDN', retention: graded.retention }]);
  });

  it(`starts at most ${caps.designAttemptsPerDay} attempts a day, even sent together, then 429 with when to try again`, async () => {
    const busy = await candidate();
    await svc.db.query(
      `INSERT INTO design_attempts (user_id, prompt_slug, mode, started_at) SELECT $1, 'url-shortener', 'untimed', now() - interval '5 hours' FROM generate_series(1, $2::int)`,
      [busy.user.id, caps.designAttemptsPerDay - 1],
    );
    const answers = await Promise.all(
      [1, 2, 3].map(() => request(svc.url).post('/api/system-design/prompts/chat-service/attempts').set(busy.auth).send({ mode: 'untimed' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: capMessages.designAttemptsPerDay } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(18 * 3600);
  });

  it("answers 404 for another candidate's attempt, 413 with a clear message for a drawing over 1 MB, and 400 for hostile input", async () => {
    const owner = await candidate();
    const other = await candidate();
    const attempt = await start(owner.auth, 'chat-service', 'untimed');
    await request(svc.url).get(`/api/system-design/attempts/${attempt.id}`).set(other.auth).expect(404);
    await save(other.auth, attempt.id, { revision: 1, notes: {}, scene: null }).expect(404);
    await request(svc.url).post(`/api/system-design/attempts/${attempt.id}/submit`).set(other.auth).expect(404);

    const big = { elements: [{ type: 'image', data: 'x'.repeat(1024 * 1024 + 10) }] };
    const tooLarge = await save(owner.auth, attempt.id, { revision: 1, notes: {}, scene: big }).expect(413);
    expect(tooLarge.body.error).toEqual({ code: 'payload_too_large', message: systemDesignMessages.sceneTooLarge });
    // Past the endpoint's own body bound (the drawing and every step's notes) the body is not even read.
    const huge = { elements: [{ type: 'image', data: 'x'.repeat(systemDesignLimits.autosaveBodyBytesMax) }] };
    expect((await save(owner.auth, attempt.id, { revision: 1, notes: {}, scene: huge }).expect(413)).body.error.message).toBe(
      'Request body is larger than 1280 KB',
    );
    const hostile = await save(owner.auth, attempt.id, { revision: -1, notes: { secret_step: 'x' }, scene: 'drop table' }).expect(400);
    expect(hostile.body.error.fields).toEqual({
      notes: systemDesignMessages.noteStep,
      revision: systemDesignMessages.revision,
      scene: systemDesignMessages.scene,
    });
    await request(svc.url).post('/api/system-design/prompts/chat-service/attempts').set(owner.auth).send({ mode: 'sprint' }).expect(400);
    expect((await request(svc.url).get(`/api/system-design/attempts/${attempt.id}`).set(owner.auth).expect(200)).body.revision).toBe(0);
  });

  it('counts a report whose rounds name a prompt, posted through the interviews service, per company; deleting it takes the count back', async () => {
    const author = await env.authHeader(env.newUser());
    const company = (
      await request(interviews.url)
        .post('/api/all-companies')
        .set(author)
        .send({ name: `Design Co ${Date.now()}` })
        .expect(201)
    ).body.data;
    const report = (
      await request(interviews.url)
        .post('/api/candidate-interviews')
        .set(author)
        .send({ company_id: company.id, interview_process: [{ round: 'System Design', asked: 'Design a TinyURL style link shortener, then a news feed' }] })
        .expect(201)
    ).body.data;
    const { auth } = await candidate();
    const askedAt = async () => (await list(auth, { company: company.id })).prompts;
    const counted = await waitFor(async () => ((await askedAt()).length === 2 ? askedAt() : undefined));
    expect(counted.map((p) => [p.slug, p.asked_at.reports])).toEqual([
      ['url-shortener', 1],
      ['news-feed', 1],
    ]);
    expect(counted[0].asked_at.companies).toEqual([{ company_id: company.id, company_name: company.name, reports: 1 }]);
    expect((await list(auth)).companies).toContainEqual({ company_id: company.id, company_name: company.name, reports: 1 });

    await request(interviews.url).delete(`/api/candidate-interviews/${report.id}`).set(author).expect(204);
    await waitFor(async () => (await askedAt()).length === 0);
  });

  it("erases an account's attempts, progress and concept cards on identity.user.deleted, and its reports stop counting", async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const attempt = await start(auth, 'rate-limiter');
    await request(svc.url).post(`/api/system-design/attempts/${attempt.id}/submit`).set(auth).expect(200);
    const company = (
      await request(interviews.url)
        .post('/api/all-companies')
        .set(auth)
        .send({ name: `Erased Co ${Date.now()}` })
        .expect(201)
    ).body.data;
    await request(interviews.url)
      .post('/api/candidate-interviews')
      .set(auth)
      .send({ company_id: company.id, interview_process: [{ round: 'System Design', problems: ['Rate limiter'] }] })
      .expect(201);
    const { auth: reader } = await candidate();
    await waitFor(async () => (await list(reader, { company: company.id })).prompts.length === 1);

    await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    const rows = async () =>
      (
        await svc.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM design_attempts WHERE user_id = $1) + (SELECT count(*) FROM design_progress WHERE user_id = $1)
                + (SELECT count(*) FROM design_concept_cards WHERE user_id = $1) + (SELECT count(*) FROM design_asked_reports WHERE user_id = $1) AS n`,
          [user.id],
        )
      ).rows[0].n;
    await waitFor(async () => Number(await rows()) === 0);
    expect((await list(reader, { company: company.id })).prompts).toEqual([]);
  });
});

const rubric = (score: number) => ({ requirements_scope: score, estimation: score, api_data_model: score, high_level_design: score, depth_tradeoffs: score });
