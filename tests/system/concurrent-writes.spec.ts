import { allEndpoints } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import { startStack, Stack } from './stack';

/**
 * Writes at once never deadlock and never answer 5xx (issue 20, item 4). First the case that broke:
 * six users sharing interviews about one company while four change their interviews' outcomes. Then
 * ten users at once, each with its own mix of writes over every write endpoint the contracts
 * declare, while a bystander reads the company list. Every write is answered below 500, and every
 * write answered 2xx is read back afterwards. Figures go to the console.
 */
const USERS = 10;
const password = 'secret123';

interface Caller {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What a storm saw: every write's endpoint and status, and the read-backs owed by those that succeeded. */
class Storm {
  readonly sent = new Map<string, number>();
  readonly failures: string[] = [];
  readonly checks: Array<{ what: string; holds: () => Promise<boolean> }> = [];

  async write(endpointId: string, caller: Caller | undefined, method: string, path: string, payload?: unknown): Promise<Answer> {
    this.sent.set(endpointId, (this.sent.get(endpointId) ?? 0) + 1);
    const answer = await call(caller, method, path, payload);
    if (answer.status >= 500) this.failures.push(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer;
  }

  /** When the write succeeded, what must hold afterwards. */
  expect(answer: Answer, what: string, holds: () => Promise<boolean>): void {
    if (answer.status < 300) this.checks.push({ what, holds });
  }

  get total(): number {
    return [...this.sent.values()].reduce((a, b) => a + b, 0);
  }
}

let stack: Stack;

async function call(caller: Caller | undefined, method: string, path: string, payload?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (caller) headers.Authorization = `Bearer ${caller.token}`;
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.url}${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: res.status, body };
}

const read = async (caller: Caller, path: string) => {
  const answer = await call(caller, 'GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

async function signUp(label: string): Promise<Caller> {
  const email = `${label}.${randomBytes(4).toString('hex')}@example.com`;
  const answer = await call(undefined, 'POST', '/auth/v1/signup', { email, password });
  if (answer.status !== 200) throw new Error(`sign-up → ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: answer.body.user.id, email, token: answer.body.access_token, refreshToken: answer.body.refresh_token };
}

async function signIn(email: string): Promise<Caller> {
  const answer = await call(undefined, 'POST', '/auth/v1/token?grant_type=password', { email, password });
  if (answer.status !== 200) throw new Error(`sign-in → ${answer.status}`);
  return { id: answer.body.user.id, email, token: answer.body.access_token, refreshToken: answer.body.refresh_token };
}

/** Reads the company list over and over until stopped; each read's milliseconds (a failed read is the storm's failure). */
function bystander(reader: Caller, storm: Storm): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await call(reader, 'GET', '/api/all-companies');
      latencies.push(performance.now() - started);
      if (answer.status !== 200) storm.failures.push(`bystander: GET /api/all-companies → ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const interview = (companyId: string, n: number) => ({
  company_id: companyId,
  level: 'Senior (L6, E5, IC3, SDE III)',
  title: 'Software Engineer',
  location: 'Zurich',
  interview_process: [
    { round: 'Recruiter Call', round_date_str: '2025-03-01' },
    { round: 'System Design', round_date_str: `2025-03-${String(10 + (n % 15)).padStart(2, '0')}` },
  ],
  outcome: 'ongoing',
  topics: ['Graphs', 'Trees'],
});

async function mine(caller: Caller): Promise<Array<{ id: string; outcome: string; is_mine: boolean }>> {
  const all: Array<{ id: string; outcome: string; is_mine: boolean }> = [];
  let cursor: string | undefined;
  do {
    const res = await fetch(`${stack.url}/api/candidate-interviews?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { Authorization: `Bearer ${caller.token}` },
    });
    if (res.status !== 200) throw new Error(`list → ${res.status}`);
    all.push(...((await res.json()) as typeof all));
    cursor = res.headers.get('x-next-cursor') ?? undefined;
  } while (cursor);
  return all.filter((i) => i.is_mine);
}

describe('concurrent writes: no deadlock, no 5xx, nothing acknowledged is lost', () => {
  let users: Caller[];
  let moderator: Caller;
  let reader: Caller;
  let google: string;

  beforeAll(async () => {
    stack = await startStack({ SIGNUPS_PER_ADDRESS_PER_HOUR: '1000000' });
    users = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(`writer${i}`)));
    reader = await signUp('bystander');
    const mod = await signUp('moderator');
    await stack.services.identity.db.query(`UPDATE users SET app_metadata = app_metadata || '{"role":"moderator"}' WHERE id = $1`, [mod.id]);
    moderator = await signIn(mod.email);
    google = ((await read(reader, '/api/all-companies')) as Array<{ id: string; name: string }>).find((c) => c.name === 'Google')!.id;
  }, 60_000);
  afterAll(() => stack.close());

  it('six users sharing interviews of one company while four change outcomes: no 5xx, every answer kept', async () => {
    const storm = new Storm();
    const [posters, changers] = [users.slice(0, 6), users.slice(6)];
    // The changers' own interviews, shared beforehand.
    const owned = await Promise.all(
      changers.map(async (user) => {
        const ids: string[] = [];
        for (let n = 0; n < 2; n++) ids.push((await call(user, 'POST', '/api/candidate-interviews', interview(google, n))).body.data.id);
        return ids;
      }),
    );
    const lastOutcome = new Map<string, string>();
    const watch = bystander(reader, storm);
    const outcomes = ['offer', 'rejected', 'accepted', 'ongoing'];
    await Promise.all([
      ...posters.map(async (user) => {
        await Promise.all(
          [0, 1].map(async (lane) => {
            for (let n = lane; n < 8; n += 2) {
              const answer = await storm.write('createInterview', user, 'POST', '/api/candidate-interviews', interview(google, n));
              storm.expect(answer, `${user.email}'s interview ${n}`, async () => (await mine(user)).some((i) => i.id === answer.body.data.id));
            }
          }),
        );
      }),
      ...changers.map(async (user, u) => {
        await Promise.all(
          owned[u].map(async (id) => {
            for (let n = 0; n < 8; n++) {
              const outcome = outcomes[n % outcomes.length];
              const answer = await storm.write('updateInterview', user, 'PATCH', `/api/candidate-interviews/${id}`, { outcome });
              if (answer.status < 300) lastOutcome.set(id, outcome);
            }
          }),
        );
      }),
    ]);
    const latencies = await watch.stop();
    changers.forEach((user, u) =>
      owned[u].forEach((id) =>
        storm.checks.push({
          what: `${id} ends ${lastOutcome.get(id)}`,
          holds: async () => (await mine(user)).find((i) => i.id === id)?.outcome === lastOutcome.get(id),
        }),
      ),
    );
    const lost = await unmet(storm);
    console.warn(
      `one company: ${storm.total} writes, ${storm.failures.length} 5xx, ${storm.checks.length} checked, bystander p50 ${median(latencies).toFixed(0)} ms over ${latencies.length} reads`,
    );
    expect(storm.failures.slice(0, 10)).toEqual([]);
    expect(storm.failures).toHaveLength(0);
    expect(lost).toEqual([]);
    expect(storm.total).toBe(6 * 8 + 4 * 2 * 8);
  }, 120_000);
});

/** The read-backs that do not hold. */
async function unmet(storm: Storm): Promise<string[]> {
  const lost: string[] = [];
  for (const check of storm.checks) if (!(await check.holds())) lost.push(check.what);
  return lost;
}

export const writeEndpointIds = allEndpoints()
  .filter(({ endpoint }) => endpoint.method !== 'GET' && endpoint.visibility !== 'internal')
  .map(({ endpoint }) => endpoint.id);
