import request from 'supertest';
import { caps, importMessages, problemCsvColumns, sessionCsvColumns } from '@app/contracts';
import { candidate, startPractice, svc } from './fixtures';

type Auth = { Authorization: string };

describe('export and import', () => {
  startPractice();
  const add = async (auth: Auth, title: string, difficulty = 'Medium', tags: string | null = 'arrays') =>
    (await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title, difficulty, tags }).expect(201)).body.data;
  const exported = (auth: Auth, data: string, format: string) => request(svc.url).get('/api/leetcode-questions/export').query({ data, format }).set(auth);
  const importCsv = (auth: Auth, csv: unknown) => request(svc.url).post('/api/leetcode-questions/import').set(auth).send({ csv });
  const titles = async (auth: Auth) =>
    ((await request(svc.url).get('/api/leetcode-questions').set(auth).expect(200)).body as Array<{ title: string }>).map((q) => q.title).sort();

  it('exports problems as CSV with a header, escaping formulas, as an attachment', async () => {
    const { auth } = await candidate();
    await add(auth, 'Two Sum', 'Easy', 'arrays,hash table');
    await add(auth, '=HYPERLINK("http://evil.example")', 'Hard', '@tag');
    const res = await exported(auth, 'problems', 'csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="problems.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(problemCsvColumns.join(','));
    expect(lines[1]).toMatch(/^Two Sum,Easy,"arrays,hash table",\d{4}-\d\d-\d\dT[\d:.]+Z,0,,\d{4}-.+Z,$/);
    expect(lines[2].startsWith(`"'=HYPERLINK(""http://evil.example"")",Hard,'@tag,`)).toBe(true);
    expect(lines.at(-1)).toBe('');
  });

  it('exports sessions as CSV and JSON with the problem, scores, errors and grade', async () => {
    const { auth } = await candidate();
    const q = await add(auth, 'Valid Anagram');
    await request(svc.url)
      .post(`/api/leetcode-questions/${q.id}/session`)
      .set(auth)
      .send({
        question_id: q.id,
        correctness: 0,
        confidence: 0,
        timer: 12.5,
        errors: ['wrong_answer', 'edge_case_missed'],
        submissions: 2,
        notes: '-1 off, "again"',
        grade: 'hard',
      })
      .expect(201);
    const csv = await exported(auth, 'sessions', 'csv').expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sessions.csv"');
    const [header, row] = csv.text.split('\r\n');
    expect(header).toBe(sessionCsvColumns.join(','));
    expect(row).toMatch(/^Valid Anagram,[\dT:.Z-]+,20,50,12\.5,2,wrong_answer;edge_case_missed,hard,"'-1 off, ""again"""$/);
    const json = await exported(auth, 'sessions', 'json').expect(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.body).toEqual([
      {
        problem: 'Valid Anagram',
        created_at: expect.any(String),
        correctness: 20,
        confidence: 50,
        minutes: 12.5,
        submissions: 2,
        errors: ['wrong_answer', 'edge_case_missed'],
        grade: 'hard',
        notes: '-1 off, "again"',
      },
    ]);
    const problems = await exported(auth, 'problems', 'json').expect(200);
    expect(problems.body).toEqual([expect.objectContaining({ title: 'Valid Anagram', session_count: 1, retention: expect.any(Number) })]);
  });

  it('refuses unknown data or formats, and needs a token', async () => {
    const { auth } = await candidate();
    expect((await exported(auth, 'secrets', 'csv').expect(400)).body.error.fields).toEqual({ data: 'Data must be problems or sessions' });
    expect((await exported(auth, 'problems', 'xlsx').expect(400)).body.error.fields).toEqual({ format: 'Format must be csv or json' });
    await request(svc.url).get('/api/leetcode-questions/export').expect(401);
    await request(svc.url).post('/api/leetcode-questions/import').send({ csv: 'title,difficulty\nx,Easy' }).expect(401);
  });

  it('round-trips: the exported problems CSV imports into another account unchanged, in its order', async () => {
    const from = await candidate();
    await add(from.auth, 'Two Sum', 'Easy', 'arrays,hash table');
    // No line break: a title refuses control characters since d1becdc; commas, quotes and a leading minus stay.
    await add(from.auth, '-1 Edge, "quoted" and broken', 'Hard', null);
    await add(from.auth, '+Plus @at =eq', 'Medium', 'math');
    const csv = (await exported(from.auth, 'problems', 'csv').expect(200)).text;
    const to = await candidate();
    const res = await importCsv(to.auth, csv).expect(201);
    expect(res.body.data).toEqual({ added: 3, skipped: 0 });
    const strip = (rows: Array<Record<string, string>>) => rows.map(({ title, difficulty, tags }) => ({ title, difficulty, tags }));
    expect(strip((await exported(to.auth, 'problems', 'json')).body)).toEqual(strip((await exported(from.auth, 'problems', 'json')).body));
  });

  it('skips titles already tracked or repeated in the file (ignoring case), with the count', async () => {
    const { auth } = await candidate();
    await add(auth, 'Two Sum');
    const res = await importCsv(
      auth,
      'Title,Difficulty,Tags\ntwo sum,Easy,\nClimbing Stairs,easy,dp\nCLIMBING STAIRS,Easy,\nHouse Robber,MEDIUM,"dp, arrays"\n',
    ).expect(201);
    expect(res.body.data).toEqual({ added: 2, skipped: 2 });
    expect(await titles(auth)).toEqual(['Climbing Stairs', 'House Robber', 'Two Sum']);
    expect(await importCsv(auth, 'title,difficulty\nTwo Sum,Easy\n').expect(201)).toHaveProperty('body.data', { added: 0, skipped: 1 });
  });

  it.each([
    [
      'a bad row among good ones',
      'title,difficulty\nGood One,Easy\n,Easy\nAlso Good,Trivial\n',
      { 'row 3': 'Row 3: Title is required', 'row 4': 'Row 4: Difficulty "Trivial" is not one of Easy, Medium, Hard' },
    ],
    ['a header without the columns', 'name,level\nTwo Sum,Easy\n', { 'row 1': importMessages.header }],
    ['no rows', 'title,difficulty\n', { csv: importMessages.empty }],
    ['an empty file', '', { csv: importMessages.empty }],
    ['a quote never closed', 'title,difficulty\n"Two Sum,Easy\n', { 'row 2': 'Row 2: a quoted cell is never closed' }],
    ['a title too long', `title,difficulty\n${'x'.repeat(201)},Easy\n`, { 'row 2': 'Row 2: Title must not be longer than 200 characters' }],
    ['too many tags', `title,difficulty,tags\nx,Easy,"${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}"\n`, { 'row 2': 'Row 2: At most 20 tags' }],
    ['not text', 42, { csv: importMessages.csv }],
  ])('refuses %s, naming the rows, and adds nothing', async (_what, csv, fields) => {
    const { auth } = await candidate();
    const res = await importCsv(auth, csv).expect(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message: Object.values(fields)[0], fields });
    expect(await titles(auth)).toEqual([]);
  });

  it('names at most 20 bad rows and counts the rest', async () => {
    const { auth } = await candidate();
    const res = await importCsv(auth, `title,difficulty\n${Array.from({ length: 25 }, (_, i) => `P${i},Nope`).join('\n')}`).expect(400);
    expect(Object.keys(res.body.error.fields)).toHaveLength(21);
    expect(res.body.error.fields.more).toBe('5 more rows also need fixing');
  });

  it('refuses a CSV over the body limit with 413 saying the limit, and one over the cap with 409; nothing is added', async () => {
    const { auth } = await candidate();
    const huge = `title,difficulty\n${Array.from({ length: 6000 }, (_, i) => `Problem number ${i},Easy`).join('\n')}`;
    const tooBig = await importCsv(auth, huge).expect(413);
    expect(tooBig.body.error).toMatchObject({ code: 'payload_too_large', message: 'Request body is larger than 100 KB' });
    const overCap = `title,difficulty\n${Array.from({ length: caps.questionsPerUser + 1 }, (_, i) => `P${i},Easy`).join('\n')}`;
    expect(Buffer.byteLength(JSON.stringify({ csv: overCap }))).toBeLessThan(100 * 1024);
    await importCsv(auth, overCap).expect(409);
    expect(await titles(auth)).toEqual([]);
  });

  it('adds each title once when the same file is imported many times at once', async () => {
    const { user, auth } = await candidate();
    const csv = `title,difficulty\n${Array.from({ length: 30 }, (_, i) => `Concurrent ${i},Medium`).join('\n')}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => importCsv(auth, csv)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.reduce((n, a) => n + a.body.data.added, 0)).toBe(30);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM leetcode_questions WHERE user_id = $1', [user.id]);
    expect(rows[0].n).toBe(30);
  });
});
