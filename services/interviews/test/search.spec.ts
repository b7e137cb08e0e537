import { interviewSearchItemSchema } from '@app/contracts';
import request from 'supertest';
import { company, someone, startInterviews, svc } from './fixtures';

jest.setTimeout(90_000);

type Item = ReturnType<typeof interviewSearchItemSchema.parse>;
type Auth = { Authorization: string };

/** Issue 38 item 7: candidates search what the rounds asked, not only titles and filters. */
describe('interviews: searching experiences', () => {
  startInterviews();
  // A word of this run only, so other files' interviews never match.
  const tag = `zork${Math.random().toString(36).slice(2, 7)}`;
  let reader: Auth;
  let author: Auth;
  const share = async (body: Record<string, unknown>, auth?: Auth) =>
    (
      await request(svc.url)
        .post('/api/candidate-interviews')
        .set(auth ?? (await someone()))
        .send(body)
        .expect(201)
    ).body.data as { id: string };
  const search = (query: Record<string, unknown>, auth = reader) => request(svc.url).get('/api/candidate-interviews/search').query(query).set(auth);
  const found = async (query: Record<string, unknown>, auth = reader): Promise<Item[]> =>
    (await search(query, auth).expect(200)).body.map((x: unknown) => interviewSearchItemSchema.parse(x));
  const highlighted = (item: Item) => item.snippet.filter((p) => p.highlighted).map((p) => p.text.toLowerCase());

  let acme: { id: string; name: string };
  let named: { id: string };
  let asked: { id: string };
  let mine: { id: string };

  beforeAll(async () => {
    reader = await someone();
    author = await someone();
    acme = await company('Acme Search');
    // The problem named ranks above the same words in what was asked.
    asked = await share({
      company_id: acme.id,
      outcome: 'rejected',
      interview_process: [
        { round: 'Leetcode (DSA)', round_date_str: '2025-03-14', asked: `A ${tag} warm-up, then they wanted an LRU cache with O(1) eviction` },
      ],
    });
    named = await share({
      company_id: acme.id,
      outcome: 'offer',
      title: 'Software Engineer',
      interview_process: [{ round: 'Leetcode (DSA)', asked: `Phone screen about ${tag} and caching`, problems: ['LRU Cache'] }],
    });
    mine = await share(
      {
        company_id: acme.id,
        interview_process: [{ round: 'System Design', round_date_str: '2025-04-02', asked: `Design a ${tag} rate limiter <script>alert(1)</script>` }],
      },
      author,
    );
  });

  it('ranks the problem named above the same words in what was asked, and highlights the words matched', async () => {
    const items = await found({ q: `${tag} "lru cache"` });
    expect(items.map((i) => i.id)).toEqual([named.id, asked.id]);
    expect(highlighted(items[0])).toEqual(expect.arrayContaining(['lru', 'cache']));
    expect(items[1].snippet.map((p) => p.text).join('')).toContain('they wanted an LRU cache with O(1) eviction');
    // Stems match: "limiting" finds "limiter" (English), and -word leaves out.
    expect((await found({ q: `${tag} limiting` })).map((i) => i.id)).toEqual([mine.id]);
    expect((await found({ q: `${tag} -cache` })).map((i) => i.id)).toEqual([mine.id]);
  });

  it('combines with the filters and pages by cursor without repeats', async () => {
    expect((await found({ q: tag, outcome: 'offer' })).map((i) => i.id)).toEqual([named.id]);
    expect((await found({ q: tag, company: acme.name.toUpperCase() })).length).toBe(3);
    const first = await search({ q: tag, limit: 2 }).expect(200);
    const second = await search({ q: tag, limit: 2, cursor: first.headers['x-next-cursor'] }).expect(200);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const ids = [...first.body, ...second.body].map((i: Item) => i.id);
    expect(new Set(ids).size).toBe(3);
    await search({ q: tag, cursor: 'bm90IGEgY3Vyc29y' })
      .expect(400)
      .expect((res) => expect(res.body.error.fields).toEqual({ cursor: 'Invalid cursor' }));
  });

  it('shows others what the list shows them: no round dates, no hidden names, no markup', async () => {
    const [theirs] = await found({ q: `${tag} limiter` });
    expect(theirs.author).toBe('Some Candidate');
    expect(theirs.rounds[0]).not.toHaveProperty('round_date_str');
    expect(JSON.stringify(theirs)).not.toMatch(/user_id|author_name|rank|2025-04-02/);
    // ts_headline leaves tags out of the text, and the parts are text: nothing for a page to run.
    expect(theirs.snippet.map((p) => p.text).join('')).not.toContain('<script>');
    const [own] = await found({ q: `${tag} limiter` }, author);
    expect(own.rounds[0].round_date_str).toBe('2025-04-02');
    // Round dates are not searchable text.
    expect(await found({ q: `${tag} 2025-03-14` })).toEqual([]);
  });

  it('takes hostile input as text: SQL-ish, unicode, control characters, too long, empty', async () => {
    for (const q of [`${tag}' OR 1=1 --`, `${tag}); DROP TABLE candidate_interviews; --`, `${tag} & | ! <-> :*`, `"${tag}`]) {
      const items = await found({ q });
      expect(items.every((i) => [named.id, asked.id, mine.id].includes(i.id))).toBe(true);
    }
    expect(await found({ q: 'Ünïcødé 面试 🚀 ðŸ' })).toEqual([]);
    // A mark's character in a search is a space; NUL never reaches the service's code.
    expect(await found({ q: `${tag}\u0002cache\u0003` })).toHaveLength(2);
    await search({ q: `${tag}\u0000` }).expect(400);
    // Only words a search ignores: nothing matches, and that is not an error.
    expect(await found({ q: 'the and of' })).toEqual([]);
    for (const [q, message] of [
      ['x'.repeat(10_000), 'Search for at most 200 characters'],
      ['x'.repeat(201), 'Search for at most 200 characters'],
      ['   ', 'Type what to search for'],
      ['', 'Type what to search for'],
    ]) {
      await search({ q })
        .expect(400)
        .expect((res) => expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { q: message } }));
    }
    await search({}).expect(400);
    await request(svc.url).get('/api/candidate-interviews/search').query({ q: tag }).expect(401);
  });
});
