import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './manifests';

/**
 * The deploy files that repeat the service registry are written by `npm run deploy:manifests`
 * (scripts/deploy-manifests.mjs). These run the script itself, as CI does, against the built registry.
 */
const generate = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', 'deploy-manifests.mjs'), ...args], { cwd: root, encoding: 'utf8' });

/** What the script reads and writes, copied; the built libraries linked, so their dependencies resolve. */
function copyOfTheRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'deploy-manifests-'));
  for (const entry of ['scripts/deploy-manifests.mjs', 'deploy', 'docker-compose.yml', '.github/workflows']) {
    cpSync(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  }
  for (const lib of ['contracts', 'service-kit']) {
    mkdirSync(path.join(root, 'libs', lib), { recursive: true });
    symlinkSync(path.join(repoRoot, 'libs', lib, 'dist'), path.join(root, 'libs', lib, 'dist'));
  }
  return root;
}

test('the checked-in deploy files are what the registry makes (else: run npm run deploy:manifests)', () => {
  const run = generate(repoRoot, '--check');
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
});

describe('a copy of the repository', () => {
  let root: string;
  beforeEach(() => {
    root = copyOfTheRepository();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(text).toContain(from);
    writeFileSync(path.join(root, file), text.replace(from, to));
  };

  test('a hand edit of a generated file or region is named by the check, and undone by npm run deploy:manifests', () => {
    edit('deploy/k8s/base/practice.yaml', 'containerPort: 8103', 'containerPort: 8199');
    edit('docker-compose.yml', 'PRACTICE_URL: http://practice:8103', 'PRACTICE_URL: http://practice:8199');
    edit('deploy/k8s/components/postgres-cnpg/postgres.yaml', '- CREATE ROLE voice LOGIN\n', '');

    const check = generate(root, '--check');
    expect(check.status).toBe(1);
    expect(check.stderr.trim().split('\n').sort()).toEqual(
      ['deploy/k8s/base/practice.yaml', 'deploy/k8s/components/postgres-cnpg/postgres.yaml', 'docker-compose.yml'].map(
        (file) => `${file} differs from what the registry makes: run npm run deploy:manifests`,
      ),
    );

    expect(generate(root).status).toBe(0);
    for (const file of ['deploy/k8s/base/practice.yaml', 'docker-compose.yml', 'deploy/k8s/components/postgres-cnpg/postgres.yaml']) {
      expect({ file, text: readFileSync(path.join(root, file), 'utf8') }).toEqual({ file, text: readFileSync(path.join(repoRoot, file), 'utf8') });
    }
    expect(generate(root, '--check').status).toBe(0);
  });

  test('a generated region whose end marker was lost is refused, naming the file, and nothing is written', () => {
    edit('deploy/k8s/base/gateway.yaml', '            # end of generated\n', '');
    const before = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const run = generate(root);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('deploy/k8s/base/gateway.yaml: a region opened on line');
    expect(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')).toBe(before);
  });

  test('a service file the base does not list is reported', () => {
    edit('deploy/k8s/base/kustomization.yaml', '  - voice.yaml\n', '');
    const run = generate(root, '--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('deploy/k8s/base/kustomization.yaml does not list voice.yaml in resources');
  });
});
