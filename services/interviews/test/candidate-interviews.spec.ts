import { randomUUID } from 'node:crypto';
import { caps, companyInsightsSchema, interviewLevels, interviewListItemSchema, interviewTitles } from '@app/contracts';
import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { connect, StringCodec } from 'nats';
import request from 'supertest';
import { interviewsService } from '../src';

jest.setTimeout(60_000);

type Item = ReturnType<typeof interviewListItemSchema.parse>;
type Body = Record<string, unknown>;

/** UTC's date `days` ahead: a round on the next one may be today somewhere (UTC+14), the one after is nowhere yet. */
const utcDayAhead = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('interviews: candidate interviews', () => {
  let env: TestEnvironment;
  let svc: RunningService;
  let alice: { Authorization: string };
  let bob: { Authorization: string };
  const companies: Record<string, string> = {};

  const company = async (name: string) => {
    const res = await request(svc.url).post('/api/all-companies').set(alice).send({ name });
    companies[name] = res.body.data.id;
    return res.body.data.id as string;
  };
  const post = (body: Body, auth = alice) => request(svc.url).post('/api/candidate-interviews').set(auth).send(body);
  /** A signed-in candidate of their own: the daily cap counts each account's interviews. */
  const someone = () => env.authHeader(env.newUser());
  const share = async (body: Body, auth?: { Authorization: string }): Promise<Item> => {
    const res = await post(body, auth ?? (await someone())).expect(201);
    return interviewListItemSchema.parse(res.body.data);
  };
  const list = (query: Record<string, unknown> = {}, auth = alice) => request(svc.url).get('/api/candidate-interviews').query(query).set(auth);
  /** Every page of a filtered list, following X-Next-Cursor. */
  const all = async (query: Record<string, unknown> = {}, auth = alice, limit = 100): Promise<Item[]> => {
    const items: Item[] = [];
    let cursor: string | undefined;
    do {
      const res = await list({ ...query, limit, ...(cursor ? { cursor } : {}) }, auth).expect(200);
      items.push(...res.body.map((x: unknown) => interviewListItemSchema.parse(x)));
      cursor = res.headers['x-next-cursor'];
    } while (cursor);
    return items;
  };

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(interviewsService);
    alice = await env.authHeader(env.newUser());
    bob = await env.authHeader(env.newUser());
    for (const name of ['Google', 'Meta', 'Stripe']) {
      companies[name] = (await request(svc.url).post('/api/all-companies').set(alice).send({ name }).expect(200)).body.data.id;
    }
  });
  afterAll(() => env.close());

  it('needs a token for every call', async () => {
    const id = randomUUID();
    await request(svc.url).get('/api/candidate-interviews').expect(401);
    await request(svc.url).get('/api/candidate-interviews/locations').expect(401);
    await request(svc.url).post('/api/candidate-interviews').send({}).expect(401);
    await request(svc.url).patch(`/api/candidate-interviews/${id}`).send({ outcome: 'offer' }).expect(401);
    await request(svc.url).delete(`/api/candidate-interviews/${id}`).expect(401);
    await request(svc.url).get('/api/all-companies/google/insights').expect(401);
  });

  it('shares an interview: derived fields, exact dates for its owner only', async () => {
    const created = await post({
      company_id: companies.Google,
      level: 'Senior (L6, E5, IC3, SDE III)',
      title: 'Software Engineer',
      location: '  Zurich ',
      interview_process: [
        { round: 'Recruiter Call', round_date_str: '2024-03-01' },
        { round: 'System Design', round_date_str: '2024-03-20' },
        { round: 'Behavioural', round_date_str: '2024-03-11' },
      ],
      outcome: 'offer',
      topics: ['Graph', 'Tree', 'Graph', 'System Design'],
    }).expect(201);
    const mine = created.body.data;
    expect(mine).toEqual({
      id: expect.any(String),
      company_id: companies.Google,
      company_name: 'Google',
      level: 'Senior (L6, E5, IC3, SDE III)',
      title: 'Software Engineer',
      location: 'Zurich',
      outcome: 'offer',
      topics: ['Graph', 'Tree', 'System Design'],
      rounds: [
        { round: 'Recruiter Call', round_date_str: '2024-03-01', asked: null, problems: [] },
        { round: 'System Design', round_date_str: '2024-03-20', asked: null, problems: [] },
        { round: 'Behavioural', round_date_str: '2024-03-11', asked: null, problems: [] },
      ],
      round_count: 3,
      completed_on: '2024-03-20',
      process_days: 19,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      author: 'Some Candidate',
      show_username: false,
      is_mine: true,
      helpful_count: 0,
      helpful_by_me: false,
      comment_count: 0,
    });

    const asOwner = (await list({}, alice).expect(200)).body.find((x: Item) => x.id === mine.id);
    expect(asOwner).toEqual(mine);
    const asOther = (await list({}, bob).expect(200)).body.find((x: Item) => x.id === mine.id);
    // The completion month only: the last day and the process length would give the first round's day.
    expect(asOther).toEqual({
      ...mine,
      is_mine: false,
      rounds: [
        { round: 'Recruiter Call', asked: null, problems: [] },
        { round: 'System Design', asked: null, problems: [] },
        { round: 'Behavioural', asked: null, problems: [] },
      ],
      completed_on: '2024-03',
    });
    // The same on the company's page, and on the kept answer a second read is served from.
    for (const query of [{ company_id: companies.Google }, {}]) {
      const seen = (await list(query, bob).expect(200)).body.find((x: Item) => x.id === mine.id);
      expect(JSON.stringify(seen)).not.toMatch(/2024-03-\d\d/);
    }
    expect((await list({}, alice).expect(200)).body.find((x: Item) => x.id === mine.id).completed_on).toBe('2024-03-20');
  });

  it("takes a round dated today in the time zone furthest ahead, a day past UTC's date", async () => {
    const auth = await someone();
    // A company of its own: the filter tests count every interview of the shared ones.
    const companyId = (await request(svc.url).post('/api/all-companies').set(auth).send({ name: 'Dateline Islands' }).expect(201)).body.data.id;
    const shared = await share({ company_id: companyId, interview_process: [{ round: 'Other', round_date_str: utcDayAhead(1) }] }, auth);
    expect(shared.completed_on).toBe(utcDayAhead(1));
  });

  it('keeps what was not given as null: no dates, one date, empty strings', async () => {
    const bare = await share({ company_id: companies.Meta, level: '', title: null, location: '   ', interview_process: [{}], outcome: '', topics: null });
    expect(bare).toMatchObject({
      level: null,
      title: null,
      location: null,
      outcome: null,
      topics: [],
      rounds: [{ round: null, round_date_str: null }],
      round_count: 1,
      completed_on: null,
      process_days: null,
    });
    const one = await share({ company_id: companies.Meta, interview_process: [{ round: 'Other', round_date_str: '2023-12-31' }, { round: 'Other' }] });
    expect(one).toMatchObject({ round_count: 2, completed_on: '2023-12-31', process_days: null });
  });

  const valid = () => ({ company_id: companies.Stripe, interview_process: [{ round: 'Leetcode (DSA)', round_date_str: '2024-01-02' }] });
  const eleven = Array.from({ length: 11 }, () => ({ round: 'Other' }));
  it.each<[string, Body, string, string]>([
    ['company_id missing', { company_id: undefined }, 'company_id', 'Invalid company ID'],
    ['company_id not a uuid', { company_id: 'google' }, 'company_id', 'Invalid company ID'],
    ['an unknown company', { company_id: randomUUID() }, 'company_id', 'Invalid company ID'],
    ['an unknown level', { level: 'Wizard' }, 'level', 'Please choose a level from the list'],
    ['an unknown title', { title: 'Astronaut' }, 'title', 'Please choose a title from the list'],
    ['a location over 200 characters', { location: 'x'.repeat(201) }, 'location', 'Location must not be longer than 200 characters'],
    ['no rounds', { interview_process: [] }, 'interview_process', 'Add at least one round'],
    ['rounds missing', { interview_process: undefined }, 'interview_process', 'Add at least one round'],
    ['eleven rounds', { interview_process: eleven }, 'interview_process', 'At most 10 rounds'],
    ['an unknown round category', { interview_process: [{ round: 'Karaoke' }] }, 'interview_process.0.round', 'Please choose a round category'],
    [
      'a date not yyyy-mm-dd',
      { interview_process: [{ round_date_str: '03/01/2024' }] },
      'interview_process.0.round_date_str',
      'Round dates must be yyyy-mm-dd',
    ],
    [
      'a date that does not exist',
      { interview_process: [{ round_date_str: '2023-02-30' }] },
      'interview_process.0.round_date_str',
      'Round dates must be yyyy-mm-dd',
    ],
    [
      'a date in the future',
      { interview_process: [{ round: 'Other' }, { round_date_str: utcDayAhead(2) }] },
      'interview_process.1.round_date_str',
      'Round dates cannot be in the future',
    ],
    ['an unknown outcome', { outcome: 'maybe' }, 'outcome', 'Please choose an outcome'],
    ['accepted before an offer was recorded', { outcome: 'accepted' }, 'outcome', 'Please choose an outcome'],
    ['an unknown topic', { topics: ['Array', 'Cooking'] }, 'topics.1', 'Please choose topics from the list'],
    // The form's word for a problem topic is not its value: topics are catalogue tags (issue 32).
    ['a topic by its shown word, not its catalogue tag', { topics: ['OOP', 'DFS'] }, 'topics.1', 'Please choose topics from the list'],
    ['topics not a list', { topics: 'Array' }, 'topics', 'Please choose topics from the list'],
  ])('refuses %s', async (_what, change, field, message) => {
    const before = Number((await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM candidate_interviews')).rows[0].n);
    const res = await post({ ...valid(), ...change }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message });
    expect(res.body.error.fields[field]).toBe(message);
    expect(Number((await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM candidate_interviews')).rows[0].n)).toBe(before);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ company_id: 'google' }, 'company_id.0', 'Invalid company ID'],
    [{ level: 'Wizard' }, 'level.0', 'Please choose a level from the list'],
    [{ title: 'Astronaut' }, 'title.0', 'Please choose a title from the list'],
    [{ outcome: 'maybe' }, 'outcome.0', 'Please choose an outcome'],
    [{ limit: 0 }, 'limit', 'Limit must be a whole number from 1 to 100'],
    [{ limit: 101 }, 'limit', 'Limit must be a whole number from 1 to 100'],
    [{ limit: 'ten' }, 'limit', 'Limit must be a whole number from 1 to 100'],
    [{ cursor: 'not-a-cursor' }, 'cursor', 'Invalid cursor'],
    [{ cursor: Buffer.from(`2024-01-01T00:00:00.000000Z/${'z'.repeat(36)}`).toString('base64url') }, 'cursor', 'Invalid cursor'],
  ])('refuses the list query %j', async (query, field, message) => {
    const res = await list(query).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  describe('filters', () => {
    const grid: Item[] = [];
    const locations = ['London', 'london', 'Berlin', null];
    const outcomes = ['ongoing', 'rejected', 'offer', null] as const;

    beforeAll(async () => {
      const acme = await company('Filter Grid Ltd');
      // 24 interviews spread over levels, titles, locations, outcomes and two companies.
      for (let i = 0; i < 24; i++) {
        grid.push(
          await share(
            {
              company_id: i % 3 === 0 ? acme : companies.Stripe,
              level: interviewLevels[i % 3],
              title: interviewTitles[i % 2],
              location: locations[i % 4],
              interview_process: [{ round: 'Other' }],
              outcome: outcomes[(i >> 1) % 4],
            },
            i % 2 ? bob : alice,
          ),
        );
      }
    });

    /** The full list filtered by the rules in plain code: OR within a group, AND across groups. */
    const expected = async (query: Record<string, string[]>) => {
      const everything = await all();
      return everything
        .filter(
          (x) =>
            (!query.company_id || query.company_id.includes(x.company_id)) &&
            (!query.level || query.level.includes(x.level ?? '')) &&
            (!query.title || query.title.includes(x.title ?? '')) &&
            (!query.location || query.location.some((l) => l.toLowerCase() === x.location?.toLowerCase())) &&
            (!query.outcome || query.outcome.includes(x.outcome ?? '')),
        )
        .map((x) => x.id);
    };

    const cases: Record<string, string[]>[] = [
      { level: [interviewLevels[0]] },
      { level: [interviewLevels[0], interviewLevels[2]] },
      { title: [interviewTitles[1]] },
      { location: ['LONDON'] },
      { location: ['london', 'Berlin'] },
      { outcome: ['offer'] },
      { outcome: ['offer', 'rejected'] },
      { level: [interviewLevels[1]], title: [interviewTitles[0]] },
      { level: [interviewLevels[0], interviewLevels[1]], outcome: ['ongoing', 'offer'], location: ['London'] },
      { level: [interviewLevels[0]], title: [interviewTitles[0], interviewTitles[1]], location: ['berlin', 'london'], outcome: ['rejected', 'ongoing'] },
      { outcome: ['accepted'] },
    ];
    it.each(cases.map((c) => [JSON.stringify(c), c]))('%s', async (_name, query) => {
      const want = await expected(query);
      const got = (await all(query, alice, 5)).map((x) => x.id);
      expect(got).toEqual(want);
    });

    it('narrows to one company, and to it within the other groups', async () => {
      const acme = companies['Filter Grid Ltd'];
      const only = await all({ company_id: acme });
      expect(only.map((x) => x.id)).toEqual(
        grid
          .filter((_x, i) => i % 3 === 0)
          .reverse()
          .map((x) => x.id),
      );
      const both = { company_id: [acme], outcome: ['ongoing'], title: [interviewTitles[0]] };
      const got = (await all(both)).map((x) => x.id);
      expect(got).toEqual(await expected(both));
      expect(got.length).toBeGreaterThan(0);
      expect(got.length).toBeLessThan(only.length);
      const two = await all({ company_id: [acme, companies.Stripe] });
      expect(two.every((x) => [acme, companies.Stripe].includes(x.company_id))).toBe(true);
      expect(two.length).toBe(grid.length);
    });

    it('lists the locations ignoring case, most reported first', async () => {
      const res = await request(svc.url).get('/api/candidate-interviews/locations').set(bob).expect(200);
      expect(res.body).toEqual([
        { location: 'London', count: 12 },
        { location: 'Berlin', count: 6 },
        { location: 'Zurich', count: 1 },
      ]);
    });

    it('answers an empty list for a filter nothing matches', async () => {
      const res = await list({ company_id: randomUUID() }).expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-next-cursor']).toBeUndefined();
    });
  });

  it('pages newest first without gaps or repeats while new interviews arrive', async () => {
    const before = (await all()).map((x) => x.id);
    expect(before.length).toBeGreaterThan(25);
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list({ limit: 4, ...(cursor ? { cursor } : {}) }).expect(200);
      expect(res.body.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.map((x: Item) => x.id));
      cursor = res.headers['x-next-cursor'];
      // Someone shares an interview between every two pages.
      arrived.push((await share({ company_id: companies.Meta, interview_process: [{ round: 'Other' }] })).id);
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(before.length / 4));
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const now = await all();
    expect(now.slice(0, arrived.length).map((x) => x.id)).toEqual([...arrived].reverse());
    const stamps = now.map((x) => x.created_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('lets only the owner record an outcome or delete, and answers 404 to anyone else', async () => {
    const item = await share({ ...valid(), outcome: 'ongoing' }, alice);
    const bobs = await share({ ...valid(), outcome: 'offer' }, bob);

    const refused = await request(svc.url).patch(`/api/candidate-interviews/${item.id}`).set(bob).send({ outcome: 'rejected' }).expect(404);
    expect(refused.body.error).toEqual({ code: 'not_found', message: 'Could not find this interview' });
    await request(svc.url).delete(`/api/candidate-interviews/${item.id}`).set(bob).expect(404);
    await request(svc.url).patch(`/api/candidate-interviews/${bobs.id}`).set(alice).send({ outcome: 'rejected' }).expect(404);
    await request(svc.url).delete(`/api/candidate-interviews/${bobs.id}`).set(alice).expect(404);
    await request(svc.url).patch('/api/candidate-interviews/not-a-uuid').set(alice).send({ outcome: 'offer' }).expect(404);
    await request(svc.url).delete(`/api/candidate-interviews/${randomUUID()}`).set(alice).expect(404);
    const wrong = await request(svc.url).patch(`/api/candidate-interviews/${item.id}`).set(alice).send({ outcome: 'won' }).expect(400);
    expect(wrong.body.error).toEqual({ code: 'validation_failed', message: 'Please choose an outcome', fields: { outcome: 'Please choose an outcome' } });
    const unchanged = await all({ outcome: 'ongoing' }, bob);
    expect(unchanged.find((x) => x.id === item.id)).toMatchObject({ outcome: 'ongoing', is_mine: false });

    const offer = await request(svc.url).patch(`/api/candidate-interviews/${item.id}`).set(alice).send({ outcome: 'offer' }).expect(200);
    expect(offer.body.data).toMatchObject({ id: item.id, outcome: 'offer', is_mine: true, rounds: item.rounds });
    const accepted = await request(svc.url).patch(`/api/candidate-interviews/${bobs.id}`).set(bob).send({ outcome: 'accepted' }).expect(200);
    expect(accepted.body.data.outcome).toBe('accepted');
    expect((await all({ outcome: 'accepted' })).map((x) => x.id)).toContain(bobs.id);

    const gone = await request(svc.url).delete(`/api/candidate-interviews/${item.id}`).set(alice).expect(204);
    expect(gone.text).toBe('');
    await request(svc.url).delete(`/api/candidate-interviews/${item.id}`).set(alice).expect(404);
    expect((await all()).map((x) => x.id)).not.toContain(item.id);
    expect((await all()).map((x) => x.id)).toContain(bobs.id);
  });

  describe('company insights', () => {
    it('sums up a company against a hand-computed fixture, found by name or slug', async () => {
      const id = await company('Insight Fixture Co');
      const rounds = (...spec: [string | null, string | null][]) => spec.map(([round, round_date_str]) => ({ round, round_date_str }));
      const fixture: Body[] = [
        // process 10 days; offer
        {
          level: 'Intern',
          outcome: 'offer',
          topics: ['Graph', 'Tree', 'Array'],
          interview_process: rounds(['Recruiter Call', '2024-01-01'], ['Leetcode (DSA)', '2024-01-11']),
        },
        // process 20 days; rejected
        {
          level: 'Intern',
          outcome: 'rejected',
          topics: ['Graph', 'Tree'],
          interview_process: rounds(['Leetcode (DSA)', '2024-02-01'], ['System Design', '2024-02-11'], ['Behavioural', '2024-02-21']),
        },
        // process 30 days; offer, later accepted
        {
          level: 'Senior (L6, E5, IC3, SDE III)',
          outcome: 'offer',
          topics: ['Graph'],
          interview_process: rounds(['Leetcode (DSA)', '2024-03-01'], ['Leetcode (DSA)', '2024-03-31']),
        },
        // one date: no process length; ongoing
        {
          level: 'Senior (L6, E5, IC3, SDE III)',
          outcome: 'ongoing',
          topics: ['Array', 'Heap (Priority Queue)'],
          interview_process: rounds(['Online Assessment / Take Home', '2024-04-01'], [null, null]),
        },
        // no outcome, no level, no topics
        { interview_process: rounds(['Behavioural', null]) },
      ];
      const ids: string[] = [];
      const reporter = await someone();
      for (const body of fixture) ids.push((await share({ company_id: id, ...body }, reporter)).id);
      await request(svc.url).patch(`/api/candidate-interviews/${ids[2]}`).set(reporter).send({ outcome: 'accepted' }).expect(200);
      // Someone else's company does not count.
      await share({ company_id: companies.Meta, outcome: 'rejected', topics: ['Heap (Priority Queue)'], interview_process: rounds(['Other', '2024-01-01']) });

      const want = {
        company_id: id,
        company_name: 'Insight Fixture Co',
        interview_count: 5,
        outcomes: { offer: 1, rejected: 1, accepted: 1, ongoing: 1 },
        offer_rate: 0.6667, // offer + accepted over offer + accepted + rejected = 2/3
        round_mix: { 'Recruiter Call': 1, 'Leetcode (DSA)': 4, 'System Design': 1, Behavioural: 2, 'Online Assessment / Take Home': 1 },
        top_topics: [
          { topic: 'Graph', count: 3 },
          { topic: 'Array', count: 2 },
          { topic: 'Tree', count: 2 },
          { topic: 'Heap (Priority Queue)', count: 1 },
        ],
        median_process_days: 20,
        levels: { Intern: 2, 'Senior (L6, E5, IC3, SDE III)': 2 },
        top_questions: [],
        offer_ranges: [],
        // Published at start-up (and daily): nothing to publish yet.
        offer_ranges_published_at: expect.stringMatching(/Z$/),
      };
      for (const name of ['Insight Fixture Co', 'insight fixture co', 'insight-fixture-co', 'INSIGHT-Fixture-CO', 'Insight%20Fixture%20Co']) {
        const res = await request(svc.url).get(`/api/all-companies/${name}/insights`).set(bob).expect(200);
        expect(companyInsightsSchema.parse(res.body)).toEqual(want);
        expect(res.body).toEqual(want);
      }
      // Deleting the 30-day offer: two process lengths left (10, 20), so the median is their mean.
      await request(svc.url).delete(`/api/candidate-interviews/${ids[2]}`).set(reporter).expect(204);
      const after = await request(svc.url).get('/api/all-companies/insight-fixture-co/insights').set(alice).expect(200);
      expect(after.body).toMatchObject({
        interview_count: 4,
        outcomes: { offer: 1, rejected: 1, ongoing: 1 },
        offer_rate: 0.5,
        median_process_days: 15,
        levels: { Intern: 2, 'Senior (L6, E5, IC3, SDE III)': 1 },
        round_mix: { 'Recruiter Call': 1, 'Leetcode (DSA)': 2, 'System Design': 1, Behavioural: 2, 'Online Assessment / Take Home': 1 },
      });
      expect(after.body.top_topics.slice(0, 3)).toEqual([
        { topic: 'Array', count: 2 },
        { topic: 'Graph', count: 2 },
        { topic: 'Tree', count: 2 },
      ]);
    });

    it('answers zeros for a company nobody has reported on, and 404 for an unknown one', async () => {
      await company('Quiet Startup');
      const res = await request(svc.url).get('/api/all-companies/quiet-startup/insights').set(alice).expect(200);
      expect(res.body).toEqual({
        company_id: companies['Quiet Startup'],
        company_name: 'Quiet Startup',
        interview_count: 0,
        outcomes: {},
        offer_rate: null,
        round_mix: {},
        top_topics: [],
        median_process_days: null,
        levels: {},
        top_questions: [],
        offer_ranges: [],
        offer_ranges_published_at: expect.stringMatching(/Z$/),
      });
      const missing = await request(svc.url).get('/api/all-companies/no-such-company/insights').set(alice).expect(404);
      expect(missing.body.error).toEqual({ code: 'not_found', message: 'Could not find this company' });
    });

    it('keeps at most ten topics, most asked first', async () => {
      const id = await company('Many Topics Inc');
      await share({
        company_id: id,
        interview_process: [{}],
        topics: [
          'Array',
          'String',
          'Hash Table',
          'Linked List',
          'Stack',
          'Queue',
          'Tree',
          'Graph',
          'Heap (Priority Queue)',
          'Depth-First Search',
          'Breadth-First Search',
          'Math',
        ],
      });
      await share({ company_id: id, interview_process: [{}], topics: ['Math'] });
      const res = await request(svc.url).get('/api/all-companies/many-topics-inc/insights').set(alice).expect(200);
      expect(res.body.top_topics).toHaveLength(10);
      expect(res.body.top_topics[0]).toEqual({ topic: 'Math', count: 2 });
      expect(res.body.top_topics.slice(1).map((t: { topic: string }) => t.topic)).toEqual([
        'Array',
        'Breadth-First Search',
        'Depth-First Search',
        'Graph',
        'Hash Table',
        'Heap (Priority Queue)',
        'Linked List',
        'Queue',
        'Stack',
      ]);
    });
  });

  it('keeps every company’s insight counters equal to a recount, under concurrent writes', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const id = await company('Busy Counter Corp');
    const body = (i: number) => ({
      company_id: id,
      level: interviewLevels[i % 3],
      outcome: (['ongoing', 'rejected', 'offer'] as const)[i % 3],
      topics: ['Graph', 'Heap (Priority Queue)'].slice(0, 1 + (i % 2)),
      interview_process: [
        { round: 'Behavioural', round_date_str: '2024-01-01' },
        { round: 'Other', round_date_str: `2024-01-${String(2 + i).padStart(2, '0')}` },
      ],
    });
    const made = await Promise.all(Array.from({ length: 12 }, (_v, i) => post(body(i), i % 2 ? bob : alice).expect(201)));
    const ids = made.map((r) => r.body.data.id as string);
    await Promise.all([
      ...ids.slice(0, 4).map((x, i) =>
        request(svc.url)
          .delete(`/api/candidate-interviews/${x}`)
          .set(i % 2 ? bob : alice)
          .expect(204),
      ),
      ...ids.slice(4, 8).map((x, i) =>
        request(svc.url)
          .patch(`/api/candidate-interviews/${x}`)
          .set(i % 2 ? bob : alice)
          .send({ outcome: 'accepted' })
          .expect(200),
      ),
    ]);
    const res = await request(svc.url).get('/api/all-companies/busy-counter-corp/insights').set(alice).expect(200);
    expect(res.body.interview_count).toBe(8);
    expect(res.body.outcomes.accepted).toBe(4);
    expect(res.body.round_mix).toEqual({ Behavioural: 8, Other: 8 });

    const recount = await svc.db.query(
      `SELECT company_id, kind, key, count(*)::int AS n FROM interview_insight_keys GROUP BY 1, 2, 3
       EXCEPT SELECT company_id, kind, key, n FROM company_insight_counts WHERE n > 0`,
    );
    const stale = await svc.db.query(
      `SELECT company_id, kind, key, n FROM company_insight_counts WHERE n > 0
       EXCEPT SELECT company_id, kind, key, count(*)::int FROM interview_insight_keys GROUP BY 1, 2, 3`,
    );
    expect([recount.rows, stale.rows]).toEqual([[], []]);
  });

  it('shows a write made through another replica at once: kept pages and insights follow the change count', async () => {
    const stripe = { company_id: companies.Stripe, limit: 5 };
    const insights = () => request(svc.url).get('/api/all-companies/stripe/insights').set(alice).expect(200);
    const before = (await list(stripe).expect(200)).body as Item[];
    const countBefore = (await insights()).body.interview_count as number;
    // Read twice, so both answers are kept by this replica.
    await list(stripe).expect(200);
    await insights();

    const replica = await env.start(interviewsService);
    try {
      const res = await request(replica.url)
        .post('/api/candidate-interviews')
        .set(bob)
        .send({ company_id: companies.Stripe, outcome: 'offer', interview_process: [{ round: 'Recruiter Call', round_date_str: '2024-05-01' }] })
        .expect(201);
      const after = (await list(stripe).expect(200)).body as Item[];
      expect(after.map((x) => x.id)).toEqual([res.body.data.id, ...before.map((x) => x.id)].slice(0, 5));
      expect(after[0]).toMatchObject({ is_mine: false, rounds: [{ round: 'Recruiter Call' }] });
      expect((await list(stripe, bob).expect(200)).body[0]).toMatchObject({
        is_mine: true,
        rounds: [{ round: 'Recruiter Call', round_date_str: '2024-05-01' }],
      });
      expect((await insights()).body.interview_count).toBe(countBefore + 1);

      // A write behind every replica's back (a bulk load) counts as a change too.
      await svc.db.query('DELETE FROM candidate_interviews WHERE id = $1', [res.body.data.id]);
      expect(((await list(stripe).expect(200)).body as Item[]).map((x) => x.id)).toEqual(before.map((x) => x.id));
    } finally {
      await env.stop(replica);
    }
  });

  it('caps what one account adds in a day: interviews and new companies answer 429 with Retry-After past it', async () => {
    const prolific = await someone();
    await Promise.all(Array.from({ length: caps.interviewsPerDay }, () => post(valid(), prolific).expect(201)));
    const refused = await post(valid(), prolific).expect(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', message: 'You can submit at most 20 interviews a day' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    // Someone else still shares.
    await share(valid());

    const adder = await someone();
    const names = Array.from({ length: caps.companiesPerDay }, (_v, i) => `Capped Company ${randomUUID().slice(0, 8)} ${i}`);
    for (const name of names) await request(svc.url).post('/api/all-companies').set(adder).send({ name }).expect(201);
    const tooMany = await request(svc.url)
      .post('/api/all-companies')
      .set(adder)
      .send({ name: `One Company Too Many ${randomUUID().slice(0, 8)}` })
      .expect(429);
    expect(tooMany.body.error.message).toBe('You can add at most 10 companies a day');
    expect(tooMany.headers['retry-after']).toBeDefined();
    // Finding a company that exists is not adding one.
    expect((await request(svc.url).post('/api/all-companies').set(adder).send({ name: names[0].toUpperCase() }).expect(200)).body.data.name).toBe(names[0]);
  });

  it('erases a user’s interviews on identity.user.deleted', async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    const doomed = await share({ ...valid(), outcome: 'offer' }, auth);
    const own = await company('Only Erased Reported Inc');
    await share(
      {
        company_id: own,
        outcome: 'rejected',
        topics: ['Math'],
        interview_process: [{ round: 'Other', round_date_str: '2024-01-01' }, { round_date_str: '2024-01-05' }],
      },
      auth,
    );
    expect((await request(svc.url).get('/api/all-companies/only-erased-reported-inc/insights').set(bob).expect(200)).body.interview_count).toBe(1);
    const kept = await share(valid(), bob);
    const nc = await connect({ servers: env.natsUrl });
    try {
      const envelope = { id: randomUUID(), type: 'identity.user.deleted', occurred_at: new Date().toISOString(), version: 1, data: { user_id: user.id } };
      const js = nc.jetstream();
      await js.publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: envelope.id });
      // A redelivery (past the duplicate window) must be harmless.
      await js.publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: randomUUID() });
    } finally {
      await nc.close();
    }
    const count = async () =>
      Number((await svc.db.query<{ n: string }>('SELECT count(*) AS n FROM candidate_interviews WHERE user_id = $1', [user.id])).rows[0].n);
    for (let i = 0; i < 100 && (await count()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(0);
    const ids = (await all({}, bob)).map((x) => x.id);
    expect(ids).not.toContain(doomed.id);
    expect((await request(svc.url).get('/api/all-companies/only-erased-reported-inc/insights').set(bob).expect(200)).body).toMatchObject({
      interview_count: 0,
      outcomes: {},
      offer_rate: null,
      round_mix: {},
      top_topics: [],
      median_process_days: null,
      levels: {},
    });
    expect(ids).toContain(kept.id);
    // Its access token has not expired yet, but it adds nothing any more.
    const refused = await post(valid(), auth).expect(401);
    expect(refused.body.error.message).toBe('This account has been deleted');
    await request(svc.url).patch(`/api/candidate-interviews/${doomed.id}`).set(auth).send({ outcome: 'accepted' }).expect(404);
    expect(await count()).toBe(0);
  });
});
