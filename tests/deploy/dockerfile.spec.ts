import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './manifests';

/** The Dockerfile as instructions grouped by stage (continuation lines joined, comments dropped). */
interface Instruction {
  op: string;
  args: string;
}
const lines = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const global: Instruction[] = [];
const stages: Array<{ name: string; from: string; steps: Instruction[] }> = [];
for (const line of lines) {
  const [, op, args] = /^(\w+)\s+(.*)$/.exec(line)!;
  if (op === 'FROM') {
    const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
    stages.push({ name: name ?? 'final', from, steps: [] });
  } else (stages.at(-1)?.steps ?? global).push({ op, args });
}
const stage = (name: string) => stages.find((s) => s.name === name)!;
const index = (steps: Instruction[], test: (i: Instruction) => boolean) => steps.findIndex(test);
const final = stages.at(-1)!;

test('every stage is NODE_IMAGE (an exact Node LTS release by digest, which engines and CI share: images.spec.ts)', () => {
  expect(global.find((i) => i.op === 'ARG')!.args).toMatch(/^NODE_IMAGE=node:\S+@sha256:[0-9a-f]{64}$/);
  for (const s of stages) expect(s.from).toBe('${NODE_IMAGE}');
});

test('the final image runs one app as a numeric non-root user, with a HEALTHCHECK', () => {
  expect(final.name).toBe('final');
  const user = final.steps.find((i) => i.op === 'USER')!.args;
  expect(user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  expect(final.steps.find((i) => i.op === 'HEALTHCHECK')!.args).toContain('healthcheck.cjs');
  expect(existsSync(path.join(repoRoot, 'deploy', 'docker', 'healthcheck.cjs'))).toBe(true);
  expect(final.steps.find((i) => i.op === 'CMD')!.args).toContain('$APP/dist/main.js');
  expect(final.steps.some((i) => i.op === 'ENV' && i.args.includes('NODE_ENV=production'))).toBe(true);
  // The healthcheck and the app both come after USER: nothing runs as root at run time.
  expect(index(final.steps, (i) => i.op === 'USER')).toBeLessThan(index(final.steps, (i) => i.op === 'CMD'));
});

test('pruned: the final image holds the production dependencies of APP and the build output, no sources', () => {
  const copies = final.steps.filter((i) => i.op === 'COPY').map((i) => i.args);
  expect(copies).toEqual(['--from=prune /app/node_modules ./node_modules', '--from=build /out ./']);
  const install = stage('prune').steps.find((i) => i.op === 'RUN')!.args;
  expect(install).toMatch(/npm ci --omit=dev .*--workspace "\$APP"/);
  for (const s of [stage('prune'), final]) expect(s.steps.filter((i) => i.op === 'COPY' && /^\.\s/.test(i.args))).toEqual([]);
  const gather = stage('build')
    .steps.filter((i) => i.op === 'RUN')
    .at(-1)!.args;
  for (const part of ['dist', 'migrations', 'package.json', 'apps/web/dist']) expect(gather).toContain(part);
});

test('layer caching: manifests and the lock are installed before the sources are copied', () => {
  const build = stage('build').steps;
  const manifests = index(build, (i) => i.op === 'COPY' && i.args.startsWith('--from=manifests'));
  const install = index(build, (i) => i.op === 'RUN' && i.args.startsWith('npm ci'));
  const sources = index(build, (i) => i.op === 'COPY' && /^\.\s+\.$/.test(i.args));
  expect(manifests).toBeGreaterThanOrEqual(0);
  expect(manifests).toBeLessThan(install);
  expect(install).toBeLessThan(sources);
  // The manifests stage must find every workspace the root package.json declares.
  const workspaces = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  const found = stage('manifests').steps.find((i) => i.op === 'RUN')!.args;
  const roots = /find ((?:\w+ )+)-mindepth 2 -maxdepth 2 -name package\.json/.exec(found)![1].trim().split(' ');
  expect(roots.sort()).toEqual(workspaces.map((w) => w.replace(/\/\*$/, '')).sort());
});

test("the web's build settings (Supabase, product analytics) are build arguments, under the names the web reads", () => {
  const declared = [...readFileSync(path.join(repoRoot, 'apps', 'web', 'src', 'vite-env.d.ts'), 'utf8').matchAll(/readonly (VITE_\w+)/g)].map((m) => m[1]);
  expect(declared.sort()).toEqual(['VITE_POSTHOG_HOST', 'VITE_POSTHOG_KEY', 'VITE_SUPABASE_ANON_KEY', 'VITE_SUPABASE_URL']);
  const args = stage('build')
    .steps.filter((i) => i.op === 'ARG')
    .map((i) => i.args.split('=')[0]);
  expect(args).toEqual(expect.arrayContaining(['APP', ...declared]));
});

test('.dockerignore keeps installed, built and local files out of the context', () => {
  const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
  expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', '.data', '**/.env']));
});

describe("the image's HEALTHCHECK script", () => {
  let server: http.Server;
  let port: number;
  let status = 200;
  let dir: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => res.writeHead(req.url === '/healthz' ? status : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // Laid out as in the image: the script beside the default port the build wrote.
    dir = mkdtempSync(path.join(os.tmpdir(), 'healthcheck-'));
    copyFileSync(path.join(repoRoot, 'deploy', 'docker', 'healthcheck.cjs'), path.join(dir, 'healthcheck.cjs'));
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (env: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const { PORT: _ignored, ...inherited } = process.env;
      execFile(process.execPath, [path.join(dir, 'healthcheck.cjs')], { env: { ...inherited, ...env } }, (err) => resolve(err ? Number(err.code) : 0));
    });

  test('healthy on a 200 from /healthz at PORT, else at the default port; unhealthy on anything else', async () => {
    writeFileSync(path.join(dir, 'default-port'), `${port}\n`);
    status = 200;
    expect(await run({ PORT: String(port) })).toBe(0);
    expect(await run({})).toBe(0);
    status = 503;
    expect(await run({ PORT: String(port) })).toBe(1);
    writeFileSync(path.join(dir, 'default-port'), '1\n');
    expect(await run({})).toBe(1);
  });
});
