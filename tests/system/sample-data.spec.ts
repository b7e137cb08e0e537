import path from 'node:path';
import { interviewTopics } from '@app/contracts';
import { supabaseClient } from '@app/service-kit/testing';
import { nodeCommand } from './commands';
import { body, startStack, Stack } from './stack';

jest.setTimeout(180_000);

const admin = path.resolve(__dirname, '../../scripts/admin.mjs');
const northwind = 'Northwind Labs (Sample)';

/**
 * `npm run admin -- sample-data`: a first run that is not empty (issue 26 item 5). It writes only
 * when asked, refuses a configured DATABASE_URL without --force, adds nothing twice, and --remove
 * takes out what it added and nothing a user wrote.
 */
describe('sample data', () => {
  let stack: Stack;
  let headers: Record<string, string>;
  beforeAll(async () => {
    stack = await startStack();
    const { data } = await supabaseClient(stack.url).auth.signUp({ email: `sampler.${Date.now()}@example.com`, password: 'secret123' });
    headers = { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' };
  });
  afterAll(() => stack.close());

  const sampleData = (...flags: string[]) =>
    nodeCommand(admin, ['sample-data', ...flags], {
      ...process.env,
      DATABASE_URL: stack.env.databaseUrl,
      INTERVIEWS_DATABASE_SCHEMA: stack.services.interviews.db.schema,
      COMMUNITY_DATABASE_SCHEMA: stack.services.community.db.schema,
    });
  const get = async (url: string) => {
    const res = await fetch(`${stack.url}${url}`, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return body(res);
  };
  const sampleReports = async () =>
    ((await get(`/api/candidate-interviews?limit=100`)) as Array<{ author: string; company_name: string; topics: string[] }>).filter(
      (r) => r.author === 'Sample data',
    );
  const sampleOpportunities = async () =>
    ((await get('/api/pathfinder')) as Array<{ link: string }>).filter((o) => o.link.startsWith('https://example.com/sample-data/'));
  const sampleFeatures = async () => ((await get('/api/feature-requests')) as Array<{ title: string }>).filter((f) => f.title.startsWith('Sample: '));
  const counts = async () =>
    (
      await stack.services.interviews.db.query<{ kind: string; key: string; n: number }>(
        `SELECT kind, key, n FROM company_insight_counts c JOIN companies co ON co.id = c.company_id WHERE co.name = $1 ORDER BY kind, key`,
        [northwind],
      )
    ).rows;

  it('refuses a configured DATABASE_URL without --force, and writes nothing', async () => {
    const refused = await sampleData();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('DATABASE_URL is set, and it may hold a real community: refused');
    expect(await sampleReports()).toEqual([]);
    expect((await nodeCommand(admin, ['sample-data', '--everything'])).status).toBe(2);
  });

  it('loads marked companies, reports with rounds and offers, opportunities and feature requests, once however often it runs', async () => {
    const first = await sampleData('--force');
    expect(first.stderr).toContain('sample data added: 3 companies, 9 interview reports, 4 opportunities, 3 feature requests');
    expect(first.status).toBe(0);

    const reports = await sampleReports();
    expect(reports).toHaveLength(9);
    expect(new Set(reports.map((r) => r.company_name))).toEqual(new Set([northwind, 'Contoso Systems (Sample)', 'Fabrikam Cloud (Sample)']));
    // Written behind the API's back, so checked here: the topics are the form's (catalogue tags for problem topics).
    expect(reports.flatMap((r) => r.topics).filter((t) => !(interviewTopics as readonly string[]).includes(t))).toEqual([]);
    const insights = await get(`/api/all-companies/${encodeURIComponent(northwind)}/insights`);
    expect(insights.interview_count).toBe(4);
    expect(insights.top_questions[0]).toEqual({ title: 'Two Sum', count: 3 });
    // Its offers are public in the repository: they never count in a published range (issue 35).
    expect(insights.offer_ranges).toEqual([]);
    expect((await sampleOpportunities()).length).toBe(4);
    expect((await sampleFeatures()).length).toBe(3);
    const counted = await counts();

    const again = await sampleData('--force');
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(
      'sample data added: 0 companies, 0 interview reports, 0 opportunities, 0 feature requests (19 already there, left as they were)',
    );
    expect(await sampleReports()).toHaveLength(9);
    expect(await counts()).toEqual(counted);
  });

  it('--remove takes out exactly the sample rows, and keeps what users wrote (a sample company with a user’s report stays)', async () => {
    const contoso = ((await get('/api/all-companies')) as Array<{ id: string; name: string }>).find((c) => c.name === 'Contoso Systems (Sample)')!;
    const own = await fetch(`${stack.url}/api/candidate-interviews`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ company_id: contoso.id, outcome: 'offer', interview_process: [{ round: 'Behavioural' }] }),
    });
    expect(own.status).toBe(201);
    const ownReport = (await body(own)).data.id as string;
    const request = await fetch(`${stack.url}/api/pathfinder`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Sample: a user may name theirs so too', description: 'Mine', link: `https://jobs.example.com/${Date.now()}` }),
    });
    expect(request.status).toBe(201);
    const ownOpportunity = (await body(request)).data.id as string;

    const removed = await sampleData('--remove', '--force');
    expect(removed.stderr).toContain('sample data removed: 2 companies, 9 interview reports, 4 opportunities, 3 feature requests');
    expect(removed.status).toBe(0);

    expect(await sampleReports()).toEqual([]);
    expect(await sampleOpportunities()).toEqual([]);
    expect(await sampleFeatures()).toEqual([]);
    const companies = ((await get('/api/all-companies')) as Array<{ name: string }>).map((c) => c.name);
    expect(companies).toContain('Contoso Systems (Sample)');
    expect(companies).not.toContain(northwind);
    const left = (await get(`/api/candidate-interviews?company_id=${contoso.id}`)) as Array<{ id: string }>;
    expect(left.map((r) => r.id)).toEqual([ownReport]);
    expect((await get(`/api/all-companies/${encodeURIComponent(contoso.name)}/insights`)).interview_count).toBe(1);
    const stored = await stack.services.community.db.query('SELECT 1 FROM pathfinder_opportunities WHERE id = $1', [ownOpportunity]);
    expect(stored.rows).toHaveLength(1);

    expect((await sampleData('--remove', '--force')).stderr).toContain(
      'sample data removed: 0 companies, 0 interview reports, 0 opportunities, 0 feature requests',
    );
  });
});
