import request from 'supertest';
import { capMessages, caps, catalogueMessages } from '@app/contracts';
import { listMembers } from '../src/catalogue/problems';
import { env, startPractice, svc } from './fixtures';

jest.setTimeout(60_000);

describe('practice: the problem catalogue and its lists', () => {
  startPractice();

  const newAccount = async () => {
    const user = env.newUser();
    return { id: user.id, auth: await env.authHeader(user) };
  };
  type Account = Awaited<ReturnType<typeof newAccount>>;

  const search = (query: Record<string, unknown>, auth: Account['auth']) => request(svc.url).get('/api/leetcode-questions/catalogue').query(query).set(auth);
  const addList = (list: string, auth: Account['auth']) => request(svc.url).post(`/api/leetcode-questions/lists/${list}`).set(auth);
  const titlesOf = async (account: Account) => {
    const { rows } = await svc.db.query<{ title: string }>('SELECT title FROM leetcode_questions WHERE user_id = $1', [account.id]);
    return rows.map((r) => r.title);
  };
  const union = (...lists: Array<keyof typeof listMembers>) => new Set(lists.flatMap((l) => listMembers[l])).size;

  it('needs a token', async () => {
    await request(svc.url).get('/api/leetcode-questions/catalogue').query({ q: 'two' }).expect(401);
    await request(svc.url).get('/api/leetcode-questions/catalogue/lists').expect(401);
    await request(svc.url).post('/api/leetcode-questions/lists/blind-75').expect(401);
  });

  it('finds problems as a title or a number is typed', async () => {
    const { auth } = await newAccount();
    const typed = await search({ q: 'two s' }, auth).expect(200);
    expect(typed.body[0]).toEqual({
      number: 1,
      title: 'Two Sum',
      slug: 'two-sum',
      difficulty: 'Easy',
      tags: ['Array', 'Hash Table'],
      link: 'https://leetcode.com/problems/two-sum/',
      lists: ['blind-75', 'neetcode-150', 'grind-75'],
    });
    expect((await search({ q: '146' }, auth).expect(200)).body[0].title).toBe('LRU Cache');
    expect((await search({ q: 'zzz qqq' }, auth).expect(200)).body).toEqual([]);
    const grind = await search({ list: 'grind-75', limit: 200 }, auth).expect(200);
    expect(grind.body).toHaveLength(75);
    expect(grind.body[0].title).toBe('Two Sum');
    expect((await search({}, auth).expect(200)).body).toHaveLength(20);
  });

  it('lists the curated lists with their sizes', async () => {
    const { auth } = await newAccount();
    const res = await request(svc.url).get('/api/leetcode-questions/catalogue/lists').set(auth).expect(200);
    expect(res.body).toEqual([
      { id: 'blind-75', name: 'Blind 75', size: 75 },
      { id: 'neetcode-150', name: 'NeetCode 150', size: 150 },
      { id: 'grind-75', name: 'Grind 75', size: 75 },
    ]);
  });

  it.each([
    [{ q: 'x'.repeat(101) }, 'q', catalogueMessages.q],
    [{ q: ['two', 'sum'] }, 'q', catalogueMessages.q],
    [{ list: 'top-100' }, 'list', catalogueMessages.list],
    [{ limit: 0 }, 'limit', catalogueMessages.limit],
    [{ limit: 201 }, 'limit', catalogueMessages.limit],
    [{ limit: 'ten' }, 'limit', catalogueMessages.limit],
    [{ limit: 1.5 }, 'limit', catalogueMessages.limit],
  ])('refuses the search %j', async (query, field, message) => {
    const { auth } = await newAccount();
    const res = await search(query, auth).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('answers 404 for a list that does not exist, adding nothing', async () => {
    const account = await newAccount();
    for (const list of ['top-100', 'x'.repeat(300), 'blind-75%27%3B--']) {
      const res = await addList(list, account.auth).expect(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: catalogueMessages.noList });
    }
    expect(await titlesOf(account)).toEqual([]);
  });

  it('adds a whole list as the add form would, skipping titles already tracked in any case, for the caller only', async () => {
    const ann = await newAccount();
    const bob = await newAccount();
    await request(svc.url).post('/api/leetcode-questions').set(ann.auth).send({ title: 'two sum', difficulty: 'Hard', tags: 'mine' }).expect(201);
    await request(svc.url).post('/api/leetcode-questions').set(ann.auth).send({ title: 'VALID ANAGRAM', difficulty: 'Easy' }).expect(201);
    await request(svc.url).post('/api/leetcode-questions').set(ann.auth).send({ title: 'My own problem', difficulty: 'Easy' }).expect(201);

    const res = await addList('blind-75', ann.auth).expect(201);
    expect(res.body).toEqual({ data: { added: 73, already_tracked: 2 } });

    const list = (await request(svc.url).get('/api/leetcode-questions').set(ann.auth).expect(200)).body as Array<Record<string, unknown>>;
    expect(list).toHaveLength(76);
    // The list's first problems read first in the newest-first list; the candidate's own rows are kept as they were.
    expect(list[0]).toMatchObject({ title: 'Best Time to Buy and Sell Stock', difficulty: 'Easy', tags: 'Array,Dynamic Programming', session_count: 0 });
    expect(list.find((q) => q.title === 'two sum')).toMatchObject({ difficulty: 'Hard', tags: 'mine' });
    expect(list.find((q) => q.title === 'Longest Substring Without Repeating Characters')).toMatchObject({
      difficulty: 'Medium',
      tags: 'Hash Table,String,Sliding Window',
    });
    expect(list.map((q) => q.title)).not.toContain('Valid Anagram');

    // A second list adds only what the first did not.
    const more = await addList('neetcode-150', ann.auth).expect(201);
    const expected = union('blind-75', 'neetcode-150') - 75;
    expect(more.body.data).toEqual({ added: expected, already_tracked: 150 - expected });
    expect(await titlesOf(ann)).toHaveLength(76 + expected);
    expect((await addList('blind-75', ann.auth).expect(201)).body.data).toEqual({ added: 0, already_tracked: 75 });

    expect(await titlesOf(bob)).toEqual([]);
  });

  it('adds each problem once when list adds and single adds arrive at once', async () => {
    const cal = await newAccount();
    const calls = await Promise.all([
      addList('grind-75', cal.auth),
      addList('grind-75', cal.auth),
      addList('blind-75', cal.auth),
      request(svc.url).post('/api/leetcode-questions').set(cal.auth).send({ title: 'Two Sum', difficulty: 'Easy' }),
    ]);
    expect(calls.slice(0, 3).map((c) => c.status)).toEqual([201, 201, 201]);
    // The single add is refused as a duplicate when a list got there first.
    const single = calls[3].status;
    expect([201, 409]).toContain(single);
    const titles = await titlesOf(cal);
    expect(titles).toHaveLength(union('grind-75', 'blind-75'));
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    const addedByLists = calls.slice(0, 3).reduce((sum, c) => sum + c.body.data.added, 0);
    expect(addedByLists).toBe(titles.length - (single === 201 ? 1 : 0));

    // Many candidates adding at once: each ends with exactly their lists.
    const crowd = await Promise.all(Array.from({ length: 6 }, newAccount));
    await Promise.all(crowd.flatMap((a) => [addList('neetcode-150', a.auth).expect(201), addList('grind-75', a.auth).expect(201)]));
    for (const a of crowd) expect(await titlesOf(a)).toHaveLength(union('neetcode-150', 'grind-75'));
  });

  it(`adds nothing when the list would pass the cap of ${caps.questionsPerUser} problems`, async () => {
    const dee = await newAccount();
    await svc.db.query(
      `INSERT INTO leetcode_questions (user_id, title, difficulty) SELECT $1, 'Seeded problem number ' || i, 'Medium' FROM generate_series(1, $2::int) AS i`,
      [dee.id, caps.questionsPerUser - 10],
    );
    const res = await addList('grind-75', dee.auth).expect(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: capMessages.questions });
    expect(await titlesOf(dee)).toHaveLength(caps.questionsPerUser - 10);
  });
});
