#!/usr/bin/env node
// Event latency from a company's creation (interviews answers 201, the event is in its outbox)
// to profile's read model holding it: outbox relay → JetStream → durable consumer → handler.
// Usage (against a running stack): BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/events/latency.mjs
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const count = Number(process.env.EVENTS ?? 1000);
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();

const signup = await fetch(`${base}/auth/v1/signup`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `latency.${Date.now()}@example.com`, password: 'bench1234' }),
});
const { access_token: token } = await signup.json();
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

const latencies = [];
const run = Date.now().toString(36);
for (let i = 0; i < count; i++) {
  const res = await fetch(`${base}/api/all-companies`, { method: 'POST', headers, body: JSON.stringify({ name: `Latency ${run} ${i}` }) });
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  const created = performance.now();
  const { data } = await res.json();
  for (;;) {
    const { rowCount } = await client.query('SELECT 1 FROM profile.companies WHERE id = $1', [data.id]);
    if (rowCount) break;
    if (performance.now() - created > 10_000) throw new Error('event did not arrive within 10 s');
  }
  latencies.push(performance.now() - created);
}
await client.end();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)].toFixed(1);
console.log(`interviews.company.created → profile read model, ${count} events one after another:`);
console.log(`  p50 ${pct(50)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1).toFixed(1)} ms`);
