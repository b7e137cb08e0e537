// `npm run admin -- sample-data [--remove] [--force]`: a made-up community (scripts/sample-data.json) for
// a first run, so the pages are not empty: companies, interview reports with what was asked and offer
// details, opportunities and feature requests, each marked (author "Sample data", "(Sample)" and
// "Sample:" in names). Every row has a fixed id, so a second run adds nothing and --remove takes out
// exactly those rows. It runs only when asked: on the running `npm start` stack's embedded Postgres,
// else it starts the embedded Postgres for the command. A configured DATABASE_URL may be production:
// refused without --force.
//
// Written behind the services' backs, as a bulk load: the interviews' insight and question counters
// get what the rows add (as the service counts them), and no event is recorded (the sample companies
// stay out of profile's read model, so removing them leaves nothing behind there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = JSON.parse(readFileSync(path.join(here, 'sample-data.json'), 'utf8'));
const ids = (rows) => rows.map((r) => r.id);
const dayMs = 24 * 60 * 60 * 1000;

/** What the interviews service derives from the rounds when a report is written (contracts' interviewTimeline). */
function timeline(rounds) {
  const dates = rounds
    .map((r) => r.round_date_str)
    .filter(Boolean)
    .sort();
  return {
    completed_on: dates.at(-1) ?? null,
    process_days: dates.length >= 2 ? Math.round((Date.parse(dates.at(-1)) - Date.parse(dates[0])) / dayMs) : null,
  };
}

/** Adds (+1) or takes away (-1) what these reports count in their companies' insights, as the service does. */
async function count(client, schema, reportIds, sign) {
  if (reportIds.length === 0) return;
  await client.query(
    `INSERT INTO ${schema}.company_insight_counts (company_id, kind, key, n)
     SELECT company_id, kind, key, $2 * count(*) FROM ${schema}.interview_insight_keys WHERE id = ANY($1::uuid[])
     GROUP BY company_id, kind, key ORDER BY company_id, kind, key
     ON CONFLICT (company_id, kind, key) DO UPDATE SET n = company_insight_counts.n + EXCLUDED.n`,
    [reportIds, sign],
  );
  await client.query(
    `INSERT INTO ${schema}.company_question_counts (company_id, key, title, n)
     SELECT company_id, key, min(title), $2 * count(*) FROM ${schema}.interview_question_keys WHERE id = ANY($1::uuid[])
     GROUP BY company_id, key ORDER BY company_id, key
     ON CONFLICT (company_id, key) DO UPDATE SET n = company_question_counts.n + EXCLUDED.n`,
    [reportIds, sign],
  );
}

async function add(client, interviews, community) {
  const author = sample.author;
  const companies = await client.query(
    `INSERT INTO ${interviews}.companies (id, name, website_url)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING RETURNING id`,
    [ids(sample.companies), sample.companies.map((c) => c.name), sample.companies.map((c) => c.website_url)],
  );
  const added = [];
  for (const r of sample.interviews) {
    const { completed_on, process_days } = timeline(r.rounds);
    const { rows } = await client.query(
      `INSERT INTO ${interviews}.candidate_interviews (id, user_id, company_id, level, title, location, outcome, topics, rounds, completed_on,
         process_days, round_count, show_username, author_name, offer_currency, offer_base, offer_bonus, offer_equity, offer_level)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, $14, $15, $16, $17, $18) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        r.id,
        author.user_id,
        r.company_id,
        r.level,
        r.title,
        r.location,
        r.outcome,
        r.topics,
        JSON.stringify(r.rounds),
        completed_on,
        process_days,
        r.rounds.length,
        author.name,
        r.offer?.currency ?? null,
        r.offer?.base ?? null,
        r.offer?.bonus ?? null,
        r.offer?.equity ?? null,
        r.offer?.level ?? null,
      ],
    );
    if (rows[0]) added.push(rows[0].id);
  }
  await count(client, interviews, added, 1);
  // Only the columns community had at its migration 0008; defaults fill the rest.
  const opportunities = await client.query(
    `INSERT INTO ${community}.pathfinder_opportunities (id, user_id, title, description, link, link_key, status, reviewed_at, company, locations, remote,
       season, kind, sponsorship)
     SELECT o.id, $2, o.title, o.description, o.link, regexp_replace(o.link, '^https?://', ''), 'approved', now(), o.company,
       ARRAY(SELECT jsonb_array_elements_text(o.locations)), o.remote, o.season, o.kind, o.sponsorship
     FROM jsonb_to_recordset($1::jsonb) AS o(id uuid, title text, description text, link text, company text, locations jsonb, remote boolean,
       season text, kind text, sponsorship text)
     ON CONFLICT DO NOTHING RETURNING id`,
    [JSON.stringify(sample.opportunities), author.user_id],
  );
  const features = await client.query(
    `INSERT INTO ${community}.requested_features (id, user_id, title, description, status)
     SELECT f.id, $2, f.title, f.description, f.status FROM jsonb_to_recordset($1::jsonb) AS f(id uuid, title text, description text, status text)
     ON CONFLICT DO NOTHING RETURNING id`,
    [JSON.stringify(sample.feature_requests), author.user_id],
  );
  return { companies: companies.rowCount, reports: added.length, opportunities: opportunities.rowCount, features: features.rowCount };
}

/**
 * Exactly the sample rows (by id, and only while still the sample author's). What users did to them
 * goes with them: their votes, comments and marks on sample items. A sample company that a user's
 * own report names stays, with that report.
 */
async function remove(client, interviews, community) {
  const author = sample.author.user_id;
  const { rows: reports } = await client.query(
    `SELECT id FROM ${interviews}.candidate_interviews WHERE id = ANY($1::uuid[]) AND user_id = $2 ORDER BY id FOR UPDATE`,
    [ids(sample.interviews), author],
  );
  const reportIds = reports.map((r) => r.id);
  await count(client, interviews, reportIds, -1);
  await client.query(`DELETE FROM ${interviews}.candidate_interviews WHERE id = ANY($1::uuid[])`, [reportIds]);
  const { rows: unnamed } = await client.query(
    `SELECT id FROM ${interviews}.companies c WHERE c.id = ANY($1::uuid[])
       AND NOT EXISTS (SELECT 1 FROM ${interviews}.candidate_interviews i WHERE i.company_id = c.id) ORDER BY id FOR UPDATE`,
    [ids(sample.companies)],
  );
  const companyIds = unnamed.map((c) => c.id);
  // Counters of a company no report names any more, then the company.
  for (const table of ['company_insight_counts', 'company_question_counts'])
    await client.query(`DELETE FROM ${interviews}.${table} WHERE company_id = ANY($1::uuid[])`, [companyIds]);
  await client.query(`DELETE FROM ${interviews}.companies WHERE id = ANY($1::uuid[])`, [companyIds]);

  const opportunities = await client.query(`DELETE FROM ${community}.pathfinder_opportunities WHERE id = ANY($1::uuid[]) AND user_id = $2 RETURNING id`, [
    ids(sample.opportunities),
    author,
  ]);
  const { rows: features } = await client.query(`SELECT id FROM ${community}.requested_features WHERE id = ANY($1::uuid[]) AND user_id = $2`, [
    ids(sample.feature_requests),
    author,
  ]);
  const featureIds = features.map((f) => f.id);
  // A user's message that named a sample request stays, without the link; a request merged into one loses its target.
  await client.query(`UPDATE ${community}.contact_form_submissions SET feature_request_id = NULL WHERE feature_request_id = ANY($1::uuid[])`, [featureIds]);
  await client.query(`UPDATE ${community}.requested_features SET merged_into = NULL WHERE merged_into = ANY($1::uuid[])`, [featureIds]);
  await client.query(`DELETE FROM ${community}.requested_features WHERE id = ANY($1::uuid[])`, [featureIds]);
  await client.query(`DELETE FROM ${community}.interactions WHERE entity_id = ANY($1::uuid[])`, [[...opportunities.rows.map((o) => o.id), ...featureIds]]);
  return { companies: companyIds.length, reports: reportIds.length, opportunities: opportunities.rowCount, features: featureIds.length };
}

/**
 * Runs the command on `databaseUrl` (schemas from INTERVIEWS_DATABASE_SCHEMA and COMMUNITY_DATABASE_SCHEMA,
 * as the services take them); answers the exit code.
 */
export async function sampleData(databaseUrl, { removing }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const interviews = client.escapeIdentifier(process.env.INTERVIEWS_DATABASE_SCHEMA ?? 'interviews');
    const community = client.escapeIdentifier(process.env.COMMUNITY_DATABASE_SCHEMA ?? 'community');
    const { rows } = await client.query(
      `SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AND EXISTS (
         SELECT 1 FROM information_schema.columns WHERE table_schema = $3 AND table_name = 'candidate_interviews' AND column_name = 'offer_base') AS ready`,
      [`${interviews}.candidate_interviews`, `${community}.requested_features`, process.env.INTERVIEWS_DATABASE_SCHEMA ?? 'interviews'],
    );
    if (!rows[0].ready) {
      console.error('sample-data: the interviews and community tables are not there yet: run `npm start` once, so the services create them');
      return 1;
    }
    await client.query('BEGIN');
    const done = removing ? await remove(client, interviews, community) : await add(client, interviews, community);
    await client.query('COMMIT');
    const what = `${done.companies} companies, ${done.reports} interview reports, ${done.opportunities} opportunities, ${done.features} feature requests`;
    const all = sample.companies.length + sample.interviews.length + sample.opportunities.length + sample.feature_requests.length;
    const kept = all - done.companies - done.reports - done.opportunities - done.features;
    console.warn(`sample data ${removing ? 'removed' : 'added'}: ${what}${!removing && kept > 0 ? ` (${kept} already there, left as they were)` : ''}`);
    return 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
