// What the community benches share: sign-ups, the bulk seeds of 10,000 opportunities and 10,000
// feature requests (SQL in the community schema, behind the service's back, as a bulk load would),
// a keep-alive reader timed to the last byte, and percentiles.
import http from 'node:http';
import https from 'node:https';

const words = ['software', 'engineering', 'backend', 'frontend', 'data', 'infrastructure', 'mobile', 'security', 'research', 'platform', 'machine', 'learning'];
const companies = Array.from({ length: 300 }, (_, i) => `Bench Company ${i + 1}`);
const locations = ['London', 'Berlin', 'New York, NY', 'San Francisco, CA', 'Seattle, WA', 'Zurich', 'Dublin', 'Toronto', 'Bangalore', 'Singapore'];

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
};

/** `count` accounts signed up through /auth/v1/signup; their bearer headers. */
export async function signUp(base, count, tag) {
  const sessions = await Promise.all(
    Array.from({ length: count }, async (_, i) =>
      json(
        await fetch(`${base}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `bench.${tag}.${Date.now()}.${i}@example.com`, password: 'bench1234' }),
        }),
      ),
    ),
  );
  return sessions.map((s) => `Bearer ${s.access_token}`);
}

export const userIdOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** Runs `work` once: when fewer than `count` bench rows exist, adds the rest; answers what it did. */
async function seedOnce(client, what, existing, count, work) {
  const seeded = Number((await client.query(existing)).rows[0].n);
  if (seeded >= count) return `${count} ${what} already seeded`;
  const started = Date.now();
  await work(seeded);
  return `${count - seeded} ${what} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * Approved opportunities at https://bench.example.com/<n>: titles and descriptions of three to
 * twelve words from a small vocabulary, so a search word matches about a quarter of them; a third
 * have no structured fields (rows from before them); 1% upvoted and favoured by each of 200
 * voters; 5% closed.
 */
export function seedOpportunities(client, schema, count) {
  return seedOnce(
    client,
    'opportunities',
    `SELECT count(*) AS n FROM ${schema}.pathfinder_opportunities WHERE link LIKE 'https://bench.example.com/%'`,
    count,
    async (seeded) => {
      await client.query(
        `INSERT INTO ${schema}.pathfinder_opportunities
           (title, description, link, link_key, compensation, badge, status, company, locations, remote, season, kind, deadline, sponsorship, created_at)
         SELECT
           initcap(($3::text[])[1 + floor(random() * 12)::int + (0 * g)] || ' ' || ($3::text[])[1 + floor(random() * 12)::int] || ' intern'),
           (SELECT string_agg(($3::text[])[1 + floor(random() * 12)::int + (0 * k)], ' ') FROM generate_series(1, 3 + floor(random() * 10)::int + (0 * g)) k),
           'https://bench.example.com/' || g, 'bench.example.com/' || g,
           CASE WHEN random() < 0.5 THEN (1000 + random() * 9000)::int ELSE 0 END,
           CASE WHEN random() < 0.1 THEN 'Selective' END,
           'approved',
           CASE WHEN g % 3 <> 0 THEN ($1::text[])[1 + floor(random() * 300)::int] END,
           CASE WHEN g % 3 <> 0 THEN ARRAY[($2::text[])[1 + floor(random() * 10)::int]] ELSE '{}' END,
           CASE WHEN g % 3 <> 0 THEN random() < 0.3 END,
           CASE WHEN g % 3 <> 0 THEN (ARRAY['Summer', 'Fall', 'Winter', 'Spring'])[1 + floor(random() * 4)::int] || ' ' || (2026 + floor(random() * 2)::int) END,
           CASE WHEN g % 3 <> 0 THEN (ARRAY['internship', 'new_grad', 'full_time', 'program'])[1 + floor(random() * 4)::int] END,
           CASE WHEN g % 3 <> 0 THEN current_date + (random() * 400 - 100)::int END,
           (ARRAY['yes', 'no', 'unknown'])[1 + floor(random() * 3)::int],
           now() - make_interval(secs => g * 300)
         FROM generate_series($4::int + 1, $5::int) g`,
        [companies, locations, words, seeded, count],
      );
      // The service's trigger keeps each row's upvote count.
      await client.query(
        `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type)
         SELECT v.id, 'opportunity', o.id, t FROM ${schema}.pathfinder_opportunities o
           CROSS JOIN (SELECT gen_random_uuid() AS id FROM generate_series(1, 200)) v
           CROSS JOIN (VALUES ('upvote'), ('favorite')) k(t)
         WHERE o.link LIKE 'https://bench.example.com/%' AND random() < 0.01
         ON CONFLICT DO NOTHING`,
      );
      await client.query(
        `UPDATE ${schema}.pathfinder_opportunities SET closed_at = now(), closed_reports = 3 WHERE link LIKE 'https://bench.example.com/%' AND random() < 0.05`,
      );
      // As autovacuum would soon after a bulk load; done now so it does not run during the timed calls.
      await client.query(`VACUUM ANALYZE ${schema}.pathfinder_opportunities, ${schema}.interactions`);
    },
  );
}

/**
 * Feature requests titled "Bench request <n> …": three to twelve words from the same vocabulary,
 * listed in every status but pending (a few pending ones, nobody's), filed over the last two years;
 * each of 200 voters upvotes about 2% of them, at times spread over the last 60 days, so trending
 * (the last 14 days) differs from top.
 */
export function seedFeatureRequests(client, schema, count) {
  return seedOnce(
    client,
    'feature requests',
    `SELECT count(*) AS n FROM ${schema}.requested_features WHERE title LIKE 'Bench request %'`,
    count,
    async (seeded) => {
      await client.query(
        `INSERT INTO ${schema}.requested_features (title, description, status, created_at, completed_at)
       SELECT 'Bench request ' || g || ' ' || ($1::text[])[1 + floor(random() * 12)::int] || ' ' || ($1::text[])[1 + floor(random() * 12)::int],
         (SELECT string_agg(($1::text[])[1 + floor(random() * 12)::int + (0 * k)], ' ') FROM generate_series(1, 3 + floor(random() * 10)::int + (0 * g)) k),
         s.status, now() - make_interval(secs => g * 6000),
         CASE WHEN s.status = 'completed' THEN now() - make_interval(secs => g * 3000) END
       FROM generate_series($2::int + 1, $3::int) g
       CROSS JOIN LATERAL (SELECT (ARRAY['open', 'open', 'open', 'planned', 'started', 'completed', 'declined', 'pending'])[1 + floor(random() * 8 + (0 * g))::int] AS status) s`,
        [words, seeded, count],
      );
      await client.query(
        `INSERT INTO ${schema}.interactions (user_id, entity_type, entity_id, interaction_type, created_at)
       SELECT v.id, 'feature_request', f.id, 'upvote', now() - make_interval(secs => floor(random() * 60 * 86400)::int)
       FROM ${schema}.requested_features f CROSS JOIN (SELECT gen_random_uuid() AS id FROM generate_series(1, 200)) v
       WHERE f.title LIKE 'Bench request %' AND random() < 0.02
       ON CONFLICT DO NOTHING`,
      );
      await client.query(`VACUUM ANALYZE ${schema}.requested_features, ${schema}.interactions`);
    },
  );
}

/** A GET timed until its last byte arrived, over keep-alive sockets (no unzipping). */
export function reader(base, sockets) {
  const transport = base.startsWith('https:') ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: sockets });
  const get = (url, token) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = transport.get(url, { agent, headers: { Authorization: token } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** The p-th percentile of sorted milliseconds (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
