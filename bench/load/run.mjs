#!/usr/bin/env node
// Many candidates at once through the gateway, across every service: each virtual user signs up
// once, shares an opportunity and files a feature request (set-up, not timed), then, about a second
// apart, does what candidates do: lists and filters interview experiences, opens a company page,
// shares an interview now and then; reads the opportunities and the feature board and votes; reads
// their AI interview credits and mock interviews; lists, adds and reviews problems and reads their
// analytics; reads and saves the profile. Prints errors, the rate, and p50/p95/p99 per kind of call
// and overall; with the stack on this machine, also the stack's memory (PSS of every process:
// Node, Postgres and its backends, nats-server) idle before the sign-ups and at the end of the run,
// and the CPU seconds each process spent over the run (bench/load/stack-processes.mjs).
//
//   node bench/load/run.mjs                      steady: USERS (200) users for DURATION (60) s
//   HEAVY_LOOPS=6 node bench/load/run.mjs        steady, beside one account at the problem cap with
//                                                the longest titles and tags, read back to back by
//                                                6 loops: compare the others' figures with a run
//                                                without it (fairness: one heavy user must not slow
//                                                the rest)
//   METRICS_PORT=9464 node bench/load/run.mjs   steady, with the stack started with METRICS_PORT=9464:
//                                                also GC pauses, event-loop delay and database pool
//                                                waits per Node process (bench/load/tail.mjs);
//                                                metrics cost each process
//                                                ~6 MB, so read the memory figures from a run without
//   MODE=ramp node bench/load/run.mjs            ramp: a rising rate of calls (open loop: calls are
//                                                sent on schedule whether or not earlier ones came
//                                                back) until p99 > P99_LIMIT_MS (250), errors appear
//                                                or the gateway refuses over half the calls (503
//                                                overloaded: its bounds on calls in flight); prints
//                                                the highest rate that held and where refusals began
//
// Against a running stack, e.g. one of its own (a port and data directory of their own):
//   PORT=18480 DATA_DIR=/tmp/load-stack TRUST_PROXY=loopback npm start
//   BASE_URL=http://127.0.0.1:18480 node bench/load/run.mjs
// TRUST_PROXY=loopback makes the gateway believe this script's X-Forwarded-For: every virtual user
// comes from an address of its own (198.18.0.0/15, the range set aside for benchmarks), as real
// candidates do, so the per-address sign-up limit applies per user and is not lifted. Without it,
// the 200 sign-ups come from one address and the limit (30 an hour) refuses most: the script says so.
//
// Timing runs until the last byte of the answer arrived (keep-alive node:http, no unzipping). The
// machine that runs the stack also runs this script: figures are the pair's, not the stack's alone.
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { byLabel, findStack, printStack, snapshot, totalPssMb } from './stack-processes.mjs';
import { metricsTargets, printTail, readTail } from './tail.mjs';

// The caps a candidate works within (built by `npm start`): a virtual user stays inside them, as a
// person does, so a 429 in the figures means overload, never a cap.
const { caps, interviewLevels, interviewTitles, storedOutcomes, roundCategories, interviewTopics, serviceRegistry } = createRequire(import.meta.url)(
  '../../libs/contracts/dist/index.js',
);

const base = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const mode = process.env.MODE ?? 'steady';
const users = Number(process.env.USERS ?? 200);
const durationS = Number(process.env.DURATION ?? 60);
const thinkMs = Number(process.env.THINK_MS ?? 1000);
const targetP99 = Number(process.env.TARGET_P99_MS ?? 150);
const rampLimitP99 = Number(process.env.P99_LIMIT_MS ?? 250);
const rampStepS = Number(process.env.STEP_SECONDS ?? 15);
const rampStart = Number(process.env.START_RATE ?? 100);
const rampFactor = Number(process.env.RATE_FACTOR ?? 1.25);
const heavyLoops = Number(process.env.HEAVY_LOOPS ?? 0);
// The stack's METRICS_PORT, when it was started with one: GC pauses and event-loop delay per process.
const tailTargets = process.env.METRICS_PORT
  ? metricsTargets(
      Number(process.env.METRICS_PORT),
      serviceRegistry.map((s) => s.name),
    )
  : undefined;

const client = base.protocol === 'https:' ? https : http;
// A kept-alive socket is let go after 30 s idle, long before the gateway closes it (65 s, its
// Keep-Alive header says so). Without an agent `timeout`, Node's Agent keeps idle sockets forever
// and ignores that header: one the gateway is closing at that very moment carries a call that gets
// a reset, not an answer (the old 'no answer' at 381 calls/s, on sockets idle since sign-up).
const callTimeoutMs = 30_000;
const agent = new client.Agent({ keepAlive: true, timeout: callTimeoutMs, maxSockets: Math.max(64, users) });
const runId = Date.now().toString(36);
// The stack's processes, when it runs on this machine, and their reading before the sign-ups.
let stack;
let stackIdle;
const benchStarted = performance.now();

/** One call: status, parsed body (JSON answers), headers, and milliseconds until the last byte. */
function call(method, path, { token, body, address } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers = { Accept: 'application/json', 'Accept-Encoding': 'identity' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (address) headers['X-Forwarded-For'] = address;
  if (payload) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = client.request({ method, host: base.hostname, port: base.port, path, headers, agent, timeout: callTimeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode, body: parsed, ms });
      });
      res.on('error', (err) => resolve({ status: 0, body: err.message, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    // Which socket a call went out on, and how long it had lain idle: a failure on a reused socket
    // is a keep-alive race, one on a new socket is the server refusing the connection.
    let reused = false;
    let idleMs = 0;
    req.on('socket', (socket) => {
      reused = req.reusedSocket;
      idleMs = socket.lastAnswerAt === undefined ? 0 : started - socket.lastAnswerAt;
      req.once('response', (res) => res.once('end', () => (socket.lastAnswerAt = performance.now())));
    });
    req.on('error', (err) => {
      const ms = performance.now() - started;
      console.error(
        `no answer: ${method} ${path.split('?')[0]} at ${((started - benchStarted) / 1000).toFixed(2)} s, after ${ms.toFixed(0)} ms: ${err.code ?? ''} ${err.message}` +
          ` (${reused ? `kept-alive socket, idle ${idleMs.toFixed(0)} ms` : 'new socket'})`,
      );
      resolve({ status: 0, body: err.message, ms });
    });
    req.end(payload);
  });
}

const difficulties = ['Easy', 'Medium', 'Hard'];
// Every company of the stack (the seeded ones and any added), read once after the sign-ups.
let companies = [];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A candidate: an account, an address of their own, the problems they track. */
class VirtualUser {
  constructor(index) {
    this.index = index;
    this.address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    this.email = `load.${runId}.${index}@example.com`;
    this.questions = [];
    this.added = 0;
    this.reviews = new Map();
    this.interviewsShared = 0;
    this.opportunities = [];
    this.opportunityVotes = new Set();
    this.featureRequests = [];
    // A feature request's id → my upvote's id, to take it back.
    this.featureVotes = new Map();
  }

  /** A problem it may still review today, if any. */
  reviewable() {
    const open = this.questions.filter((id) => (this.reviews.get(id) ?? 0) < caps.reviewsPerQuestionPerDay);
    const total = [...this.reviews.values()].reduce((n, c) => n + c, 0);
    return total < caps.reviewsPerDay && open.length > 0 ? pick(open) : undefined;
  }

  async signUp() {
    const credentials = { email: this.email, password: `load${runId}x1` };
    let res = await call('POST', '/auth/v1/signup', { body: credentials, address: this.address });
    // On a busy machine a sign-up may outlast the gateway's wait (504) though the account was made:
    // then the user signs in, as a person would, a little later.
    for (let attempt = 1; attempt <= 3 && res.status >= 500; attempt++) {
      await sleep(2000 * attempt);
      res = await call('POST', '/auth/v1/token?grant_type=password', { body: credentials, address: this.address });
      if (res.status === 400) res = await call('POST', '/auth/v1/signup', { body: credentials, address: this.address });
    }
    if (res.status !== 200 || !res.body?.access_token) {
      throw new Error(`sign-up of ${this.email} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    this.token = res.body.access_token;
  }

  /** Something of its own on each board, so there is always something to vote on (pending ones show to their author). */
  async shareOnBoards() {
    const auth = { token: this.token, address: this.address };
    const shared = await call('POST', '/api/pathfinder', {
      ...auth,
      body: { title: `Load opportunity ${runId} ${this.index}`, description: 'Found while load testing', link: `https://example.com/${runId}/${this.index}` },
    });
    const filed = await call('POST', '/api/contact-form', {
      ...auth,
      body: {
        subject: 'Feature Request',
        title: `Dark mode (load ${this.index})`,
        message: `Load feature request ${runId} ${this.index}: dark mode for the analytics page`,
      },
    });
    for (const [what, res] of [
      ['opportunity', shared],
      ['feature request', filed],
    ]) {
      if (res.status !== 201) throw new Error(`sharing an ${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  }

  /** The calls a candidate makes on every page, weighted as they are used (out of 100), and the service that answers each. */
  static kinds = [
    ['list interviews', 10, 'interviews'],
    ['filter interviews', 6, 'interviews'],
    ['company page', 6, 'interviews'],
    ['share interview', 2, 'interviews'],
    ['opportunities', 6, 'community'],
    ['vote opportunity', 3, 'community'],
    ['feature board', 5, 'community'],
    ['vote feature', 3, 'community'],
    ['credits', 5, 'voice'],
    ['mock interviews', 3, 'voice'],
    ['list problems', 17, 'practice'],
    ['add problem', 8, 'practice'],
    ['log review', 10, 'practice'],
    ['analytics', 4, 'practice'],
    ['read profile', 8, 'profile'],
    ['save profile', 4, 'profile'],
  ];

  nextKind() {
    let roll = Math.random() * 100;
    for (const [kind, weight] of VirtualUser.kinds) {
      if ((roll -= weight) < 0) return kind;
    }
    return 'list problems';
  }

  async act(kind) {
    const auth = { token: this.token, address: this.address };
    switch (kind) {
      case 'list problems': {
        const res = await call('GET', '/api/leetcode-questions', auth);
        if (res.status === 200 && Array.isArray(res.body)) this.questions = res.body.map((q) => q.id);
        return res;
      }
      case 'add problem': {
        if (this.added >= caps.questionsPerUser) return this.act('list problems');
        const res = await call('POST', '/api/leetcode-questions', {
          ...auth,
          body: { title: `Load problem ${this.index}-${++this.added}`, difficulty: pick(difficulties), tags: 'arrays,load' },
        });
        if (res.status === 201) this.questions.push(res.body.data.id);
        return res;
      }
      case 'log review': {
        const id = this.reviewable();
        if (!id) return this.act('add problem');
        this.reviews.set(id, (this.reviews.get(id) ?? 0) + 1);
        return call('POST', `/api/leetcode-questions/${id}/session`, {
          ...auth,
          body: { question_id: id, correctness: 70 + Math.floor(Math.random() * 30), confidence: 60, timer: 12.5, errors: ['wrong_answer'], submissions: 2 },
        });
      }
      case 'list interviews':
        return call('GET', '/api/candidate-interviews', auth);
      case 'filter interviews': {
        const filters = new URLSearchParams(
          pick([
            [['level', pick(interviewLevels)]],
            [['title', pick(interviewTitles)]],
            [['outcome', pick(storedOutcomes)]],
            [['company', pick(companies).name]],
            [
              ['company', pick(companies).name],
              ['level', pick(interviewLevels)],
              ['sort', 'helpful'],
            ],
          ]),
        );
        return call('GET', `/api/candidate-interviews?${filters}`, auth);
      }
      case 'company page':
        return call('GET', `/api/all-companies/${encodeURIComponent(pick(companies).name)}/insights`, auth);
      case 'share interview': {
        // Within the day's cap, as a person is.
        if (this.interviewsShared >= caps.interviewsPerDay) return this.act('list interviews');
        this.interviewsShared += 1;
        return call('POST', '/api/candidate-interviews', {
          ...auth,
          body: {
            company_id: pick(companies).id,
            level: pick(interviewLevels),
            title: pick(interviewTitles),
            location: 'Lyon',
            outcome: 'ongoing',
            topics: [pick(interviewTopics)],
            interview_process: [{ round: pick(roundCategories), asked: 'Two sums and a follow-up on streaming input', problems: ['Two Sum'] }],
          },
        });
      }
      case 'opportunities': {
        const res = await call('GET', '/api/pathfinder', auth);
        if (res.status === 200 && Array.isArray(res.body)) this.opportunities = res.body.map((o) => o.id);
        return res;
      }
      case 'vote opportunity': {
        if (this.opportunities.length === 0) return this.act('opportunities');
        const id = pick(this.opportunities);
        const voted = this.opportunityVotes.has(id);
        const res = await call(voted ? 'DELETE' : 'POST', `/api/pathfinder/${id}/upvote`, auth);
        if (res.status < 300) this.opportunityVotes[voted ? 'delete' : 'add'](id);
        return res;
      }
      case 'feature board': {
        const res = await call('GET', '/api/feature-requests', auth);
        if (res.status === 200 && Array.isArray(res.body)) this.featureRequests = res.body.map((f) => f.id);
        return res;
      }
      case 'vote feature': {
        if (this.featureRequests.length === 0) return this.act('feature board');
        const id = pick(this.featureRequests);
        const mine = this.featureVotes.get(id);
        if (mine) {
          const res = await call('DELETE', `/api/feature-requests/${id}/interactions/${mine}`, auth);
          if (res.status === 204) this.featureVotes.delete(id);
          return res;
        }
        const res = await call('POST', `/api/feature-requests/${id}/interactions`, { ...auth, body: { interaction_type: 'upvote' } });
        if (res.status === 201) this.featureVotes.set(id, res.body.data.id);
        return res;
      }
      case 'credits':
        return call('GET', '/api/voice/credits', auth);
      case 'mock interviews':
        return call('GET', '/api/voice/sessions', auth);
      case 'analytics':
        return call('GET', '/api/leetcode-questions/analytics', auth);
      case 'read profile':
        return call('GET', '/api/profile', auth);
      case 'save profile':
        return call('PUT', '/api/profile', {
          ...auth,
          body: { username: `load${runId}${this.index}`, years_of_experience: this.index % 10, location: 'Lyon' },
        });
      default:
        throw new Error(`unknown call ${kind}`);
    }
  }
}

/**
 * Latencies and failures per kind of call. The gateway's refusals (503 overloaded, past its bounds
 * on calls in flight) are counted apart, with their own latencies: the figures are the admitted calls'.
 */
class Tally {
  constructor() {
    this.kinds = new Map();
    this.errors = new Map();
    this.refusals = [];
  }

  add(kind, res) {
    if (res.status === 503 && res.body?.error?.code === 'overloaded') {
      this.refusals.push(res.ms);
      return;
    }
    if (!this.kinds.has(kind)) this.kinds.set(kind, []);
    this.kinds.get(kind).push(res.ms);
    if (res.status === 0 || res.status >= 400) {
      const key = `${kind}: ${res.status} ${typeof res.body === 'object' ? (res.body?.error?.message ?? res.body?.msg ?? '') : String(res.body).slice(0, 80)}`;
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    }
  }

  get calls() {
    return [...this.kinds.values()].reduce((n, l) => n + l.length, 0) + this.refusals.length;
  }

  get errorCount() {
    return [...this.errors.values()].reduce((n, c) => n + c, 0);
  }

  static percentile(sorted, p) {
    if (sorted.length === 0) return NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  }

  summary(label) {
    const all = [...this.kinds.values()].flat().sort((a, b) => a - b);
    const p = (list, q) => Tally.percentile(list, q);
    return { label, calls: all.length, p50: p(all, 50), p95: p(all, 95), p99: p(all, 99), max: Math.max(...all, ...this.refusals) };
  }

  print(seconds) {
    const row = (name, list) => {
      const sorted = [...list].sort((a, b) => a - b);
      const f = (q) => Tally.percentile(sorted, q).toFixed(1).padStart(8);
      return `${name.padEnd(18)} ${String(sorted.length).padStart(7)} ${(sorted.length / seconds).toFixed(1).padStart(8)} ${f(50)} ${f(95)} ${f(99)} ${sorted.at(-1).toFixed(1).padStart(8)}`;
    };
    console.log(
      `${'call'.padEnd(18)} ${'calls'.padStart(7)} ${'per s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const [kind, list] of this.kinds) console.log(row(kind, list));
    console.log(row('overall', [...this.kinds.values()].flat()));
    console.log(`errors: ${this.errorCount} of ${this.calls}`);
    if (this.refusals.length > 0) console.log(row('refused (503)', this.refusals));
    for (const [key, count] of [...this.errors].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${count} × ${key}`);
  }
}

async function signUpAll() {
  const vus = Array.from({ length: users }, (_, i) => new VirtualUser(i));
  const started = performance.now();
  // Twenty at a time: a crowd arriving, not one burst that measures the password hash alone.
  for (let i = 0; i < vus.length; i += 20) await Promise.all(vus.slice(i, i + 20).map((vu) => vu.signUp()));
  console.log(`${users} users signed up in ${((performance.now() - started) / 1000).toFixed(1)} s (each from an address of its own)`);
  const list = await call('GET', '/api/all-companies', { token: vus[0].token, address: vus[0].address });
  if (list.status !== 200 || !Array.isArray(list.body) || list.body.length === 0) {
    throw new Error(`GET /api/all-companies answered ${list.status} with ${JSON.stringify(list.body).slice(0, 200)}: the interview pages need companies`);
  }
  companies = list.body.map(({ id, name }) => ({ id, name }));
  for (let i = 0; i < vus.length; i += 20) await Promise.all(vus.slice(i, i + 20).map((vu) => vu.shareOnBoards()));
  return vus;
}

/** An account filled to the problem cap with the longest titles and tags the contract allows. */
async function heavyUser() {
  const heavy = new VirtualUser(users);
  await heavy.signUp();
  const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(24, 'g')).join(',');
  const started = performance.now();
  // One at a time, waiting when the per-account request meter says so (USER_REQUESTS_PER_SECOND).
  for (let n = 0; n < caps.questionsPerUser;) {
    const res = await call('POST', '/api/leetcode-questions', {
      token: heavy.token,
      address: heavy.address,
      body: { title: `${n} `.padEnd(200, 'T'), difficulty: 'Hard', tags },
    });
    if (res.status === 429) await sleep(1000);
    else if (res.status === 201) n++;
    else throw new Error(`filling the heavy account: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  const list = await call('GET', '/api/leetcode-questions', { token: heavy.token, address: heavy.address });
  const bytes = Buffer.byteLength(JSON.stringify(list.body));
  console.log(
    `heavy account: ${list.body.length} problems (${bytes.toLocaleString('en-US')} bytes a list) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return heavy;
}

/** Each service's CPU per call it answered over the run: its Node process and its Postgres backends. */
function printCpuPerCall(tally, rows) {
  const cpuOf = (label) => rows.find((r) => r.label === label)?.cpu ?? 0;
  const services = [...new Set(VirtualUser.kinds.map(([, , service]) => service))];
  console.log('CPU per call answered (ms; the service + its Postgres backends):');
  console.log(
    services
      .map((service) => {
        const calls = VirtualUser.kinds.filter(([, , s]) => s === service).reduce((n, [kind]) => n + (tally.kinds.get(kind)?.length ?? 0), 0);
        const [node, postgres] = [cpuOf(service), cpuOf(`postgres: ${service}`)];
        return calls
          ? `  ${service} ${((1000 * (node + postgres)) / calls).toFixed(2)} (${((1000 * node) / calls).toFixed(2)} + ${((1000 * postgres) / calls).toFixed(2)})`
          : undefined;
      })
      .filter(Boolean)
      .join('\n'),
  );
}

/** Each user in a loop: a call, about a second of thought (±25 %, so users do not march in step), the next. */
async function steady(vus) {
  const tally = new Tally();
  const heavy = heavyLoops > 0 ? await heavyUser() : undefined;
  const heavyTally = new Tally();
  const atStart = stack && snapshot(stack);
  const tailBefore = tailTargets && (await readTail(tailTargets));
  const deadline = performance.now() + durationS * 1000;
  const loops = Array.from({ length: heavyLoops }, async () => {
    while (performance.now() < deadline)
      heavyTally.add('heavy list', await call('GET', '/api/leetcode-questions', { token: heavy.token, address: heavy.address }));
  });
  await Promise.all([
    ...loops,
    ...vus.map(async (vu, i) => {
      await sleep((i / vus.length) * thinkMs);
      while (performance.now() < deadline) {
        const kind = vu.nextKind();
        tally.add(kind, await vu.act(kind));
        await sleep(thinkMs * (0.75 + Math.random() * 0.5));
      }
    }),
  ]);
  console.log(
    `\nsteady: ${users} users, a call about every ${thinkMs} ms each, ${durationS} s${heavy ? `, beside ${heavyLoops} loops reading the heavy account's list` : ''}`,
  );
  tally.print(durationS);
  if (heavy) {
    console.log('\nthe heavy account (not in the figures above; its 429s are the per-account meter at work):');
    heavyTally.print(durationS);
  }
  if (stack) {
    const atEnd = snapshot(stack);
    printStack({ idle: stackIdle, start: atStart, end: atEnd, seconds: durationS });
    printCpuPerCall(tally, byLabel(atEnd, atStart));
  }
  if (tailTargets) printTail(tailBefore, await readTail(tailTargets), durationS);
  const overall = tally.summary('overall');
  const met = tally.errorCount === 0 && tally.refusals.length === 0 && overall.p99 <= targetP99;
  console.log(`target (0 errors, 0 refused, p99 ≤ ${targetP99} ms): ${met ? 'met' : 'NOT met'}`);
  return met;
}

/** Calls at `rate` per second for `seconds`, spread over the users, sent on schedule (open loop). */
async function atRate(vus, rate, seconds) {
  const tally = new Tally();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const vu = vus[n % vus.length];
    const kind = vu.nextKind();
    inFlight.push(vu.act(kind).then((res) => tally.add(kind, res)));
  }
  await Promise.all(inFlight);
  return tally;
}

async function ramp(vus) {
  console.log(
    `\nramp: steps of ${rampStepS} s, from ${rampStart} calls/s, ×${rampFactor} a step, until p99 > ${rampLimitP99} ms, an error, or over half refused`,
  );
  console.log(
    `${'rate/s'.padStart(8)} ${'calls'.padStart(7)} ${'errors'.padStart(7)} ${'refused'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'refused p99'.padStart(12)} ${'max ms'.padStart(8)}`,
  );
  let held;
  let refusalsFrom;
  for (let rate = rampStart; ; rate = Math.round(rate * rampFactor)) {
    const tally = await atRate(vus, rate, rampStepS);
    const s = tally.summary(rate);
    const refused = tally.refusals.length;
    const refusedP99 = Tally.percentile(
      [...tally.refusals].sort((a, b) => a - b),
      99,
    );
    console.log(
      `${String(rate).padStart(8)} ${String(tally.calls).padStart(7)} ${String(tally.errorCount).padStart(7)} ${String(refused).padStart(8)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${(refused ? refusedP99.toFixed(1) : '-').padStart(12)} ${s.max.toFixed(1).padStart(8)}`,
    );
    if (refused > 0) refusalsFrom ??= rate;
    if (tally.errorCount > 0 || s.p99 > rampLimitP99 || refused > tally.calls / 2) {
      if (tally.errorCount > 0) for (const [key, count] of tally.errors) console.log(`  ${count} × ${key}`);
      break;
    }
    if (refused === 0) held = rate;
  }
  console.log(
    held
      ? `highest rate with p99 ≤ ${rampLimitP99} ms, no errors and no refusals: ${held} calls/s`
      : `even ${rampStart} calls/s did not hold: lower START_RATE`,
  );
  console.log(refusalsFrom ? `the gateway began refusing (503 overloaded) at ${refusalsFrom} calls/s` : 'the gateway refused no call');
}

try {
  const health = await call('GET', '/readyz');
  if (health.status !== 200) throw new Error(`${base.origin}/readyz answered ${health.status}: is the stack up?`);
  stack = ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname) ? findStack(Number(base.port || 80)) : undefined;
  stackIdle = stack && snapshot(stack);
  console.log(
    stack
      ? `the stack: ${stackIdle.length} processes under pid ${stack.top}, ${totalPssMb(stackIdle).toFixed(0)} MB PSS idle; ${os.availableParallelism()} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`
      : `the stack is not on this machine (${base.hostname}): no memory or CPU figures`,
  );
  const vus = await signUpAll().catch((err) => {
    throw new Error(`${err.message}\n(one address for everyone? start the stack with TRUST_PROXY=loopback, see the top of this file)`);
  });
  const ok = mode === 'ramp' ? (await ramp(vus), true) : await steady(vus);
  agent.destroy();
  process.exitCode = ok ? 0 : 1;
} catch (err) {
  console.error(err.message);
  agent.destroy();
  process.exitCode = 2;
}
