import { escapeIdentifier, escapeLiteral } from 'pg';
import { jobsSchemaOf } from '../jobs/job-runner';

/** A service's own Postgres login: it owns its schema and reaches nothing else. */
export interface ServiceRole {
  role: string;
  schema: string;
  password: string;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * The SQL a superuser runs, once per service and again at will (every statement is idempotent):
 * the role (LOGIN, no superuser, no CREATE of databases or roles, its password set again), its
 * schema and its jobs' schema owned by it and closed to everyone else, no CREATE on `public`, and anything an earlier
 * superuser-run migration left in the schema handed over to the role, so its migrations can alter it.
 */
export function serviceRoleSql({ role, schema, password }: ServiceRole): string[] {
  for (const name of [role, schema]) if (!identifier.test(name)) throw new Error(`not a plain Postgres name: ${name}`);
  const r = escapeIdentifier(role);
  const s = escapeIdentifier(schema);
  // The kit's job runner (pg-boss) keeps its tables beside the service's.
  const jobs = escapeIdentifier(jobsSchemaOf(schema));
  return [
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${escapeLiteral(role)}) THEN CREATE ROLE ${r}; END IF; END $$`,
    `ALTER ROLE ${r} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${escapeLiteral(password)}`,
    ...[s, jobs].flatMap((schemaName) => [
      `CREATE SCHEMA IF NOT EXISTS ${schemaName} AUTHORIZATION ${r}`,
      `ALTER SCHEMA ${schemaName} OWNER TO ${r}`,
      `REVOKE ALL ON SCHEMA ${schemaName} FROM PUBLIC`,
    ]),
    `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
    `DO $$
DECLARE object record;
BEGIN
  FOR object IN
    SELECT format('ALTER %s %I.%I OWNER TO %I', CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, n.nspname, c.relname, ${escapeLiteral(role)}) AS sql
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${escapeLiteral(schema)} AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND pg_get_userbyid(c.relowner) <> ${escapeLiteral(role)}
      AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
    UNION ALL
    SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, ${escapeLiteral(role)})
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ${escapeLiteral(schema)} AND pg_get_userbyid(p.proowner) <> ${escapeLiteral(role)}
    UNION ALL
    SELECT format('ALTER TYPE %I.%I OWNER TO %I', n.nspname, t.typname, ${escapeLiteral(role)})
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = ${escapeLiteral(schema)} AND t.typtype IN ('e', 'd', 'c', 'r') AND pg_get_userbyid(t.typowner) <> ${escapeLiteral(role)}
      AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
  LOOP
    EXECUTE object.sql;
  END LOOP;
END $$`,
  ];
}

/**
 * Extensions the services' migrations use, made by the superuser: a service's role has no CREATE
 * on `public`, where they go (community's similar questions: pg_trgm). A migration's own
 * `CREATE EXTENSION IF NOT EXISTS` then finds it made.
 */
export const serviceExtensionsSql = ['CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'];

/** Runs serviceExtensionsSql, then serviceRoleSql for each role, on a superuser's connection, in one transaction. */
export async function ensureServiceRoles(client: { query(sql: string): Promise<unknown> }, roles: ServiceRole[]): Promise<void> {
  await client.query('BEGIN');
  try {
    // Two launchers on one server must not race to create the same role.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('service-roles'))`);
    for (const sql of serviceExtensionsSql) await client.query(sql);
    for (const role of roles) for (const sql of serviceRoleSql(role)) await client.query(sql);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
