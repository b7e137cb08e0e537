import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceRegistry } from '@app/contracts';
import { parse } from 'yaml';
import { checkKubectl, K8sObject, k8sDir, podTemplate, render, repoRoot } from './manifests';

/** Ours: the gateway and every service of the registry. */
const apps = ['gateway', ...serviceRegistry.map((s) => s.name)];
const versionLine = /^( +app\.kubernetes\.io\/version: )(\S+)$/m;

/** Every container image of ours in the rendered objects, with where it runs. */
const oursIn = (objects: K8sObject[]) =>
  objects.flatMap((object) =>
    (podTemplate(object)?.spec?.containers ?? [])
      .filter((c) => /(^|\/)thunderprep\//.test(c.image!))
      .map((c) => ({ where: `${object.kind}/${object.metadata.name}`, image: c.image! })),
  );

describe('a release sets one version', () => {
  let copy: string;
  beforeAll(() => {
    checkKubectl();
    copy = mkdtempSync(path.join(os.tmpdir(), 'deploy-release-'));
    cpSync(k8sDir, copy, { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test.each(['dev', 'prod'])('overlay %s: the version is written once, and no image carries a tag of its own', (overlay) => {
    const kustomization = readFileSync(path.join(k8sDir, 'overlays', overlay, 'kustomization.yaml'), 'utf8');
    const version = versionLine.exec(kustomization)![2];
    // As a value of its own (dev's "dev" is also inside names such as thunderprep-dev).
    const asValue = new RegExp(`(?<=[\\s:=])${version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s,}]|$)`, 'g');
    expect(kustomization.match(asValue)).toHaveLength(1);
    expect(kustomization).not.toContain('newTag');
  });

  test('changing the version label of prod releases every image of ours, the event-streams Job too, in prod and prod-self-hosted', () => {
    const file = path.join(copy, 'overlays', 'prod', 'kustomization.yaml');
    const kustomization = readFileSync(file, 'utf8');
    const before = versionLine.exec(kustomization)![2];
    writeFileSync(file, kustomization.replace(versionLine, '$19.8.7-rc.1'));

    for (const overlay of ['prod', 'prod-self-hosted']) {
      const objects = render(path.join(copy, 'overlays', overlay));
      const images = oursIn(objects);
      const expected = [
        ...apps.map((name) => ({ where: `Deployment/${name}`, image: `registry.example.com/thunderprep/${name}:9.8.7-rc.1` })),
        // Every image carries the kit and the registry of its release: the Job uses identity's.
        { where: 'Job/event-streams', image: 'registry.example.com/thunderprep/identity:9.8.7-rc.1' },
      ];
      expect(images.sort((a, b) => a.where.localeCompare(b.where))).toEqual(expected.sort((a, b) => a.where.localeCompare(b.where)));
      expect(JSON.stringify(objects)).not.toContain(before);
    }
  });
});

describe('the release workflow (.github/workflows/release-images.yml)', () => {
  interface Step {
    id?: string;
    name?: string;
    uses?: string;
    run?: string;
    with?: Record<string, string | boolean>;
  }
  const workflow = parse(readFileSync(path.join(repoRoot, '.github', 'workflows', 'release-images.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: Record<string, { permissions: Record<string, string>; strategy: { matrix: { app: string[] } }; steps: Step[] }>;
  };
  const jobs = Object.values(workflow.jobs);
  const steps = jobs.flatMap((job) => job.steps);
  const index = (found: (step: Step) => boolean) => steps.findIndex(found);

  test('runs on a tag v* only, with read access to the repository and write access to packages in the image job alone', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(jobs.map((job) => job.permissions)).toEqual([{ contents: 'read', packages: 'write' }]);
  });

  test("builds the image of every app of the registry and the gateway, from the Dockerfile's APP build argument", () => {
    expect(jobs[0].strategy.matrix.app.sort()).toEqual(['apps/gateway', ...serviceRegistry.map((s) => `services/${s.name}`)].sort());
    expect(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/^ARG APP$/m);
    const build = steps[index((s) => s.uses?.startsWith('docker/build-push-action@') ?? false)];
    expect(build.with).toMatchObject({ 'build-args': 'APP=${{ matrix.app }}', load: true, push: false });
  });

  test('scans the built image with Trivy, failing on fixable HIGH or CRITICAL findings, before pushing that image to GHCR with the tag', () => {
    const build = index((s) => s.uses?.startsWith('docker/build-push-action@') ?? false);
    const scan = index((s) => s.uses?.startsWith('aquasecurity/trivy-action@') ?? false);
    const push = index((s) => /docker push/.test(s.run ?? ''));
    expect(build).toBeGreaterThanOrEqual(0);
    expect([build < scan, scan < push]).toEqual([true, true]);
    expect(steps[scan].with).toMatchObject({ 'image-ref': '${{ steps.image.outputs.ref }}', 'exit-code': '1', severity: 'HIGH,CRITICAL' });
    expect(steps[index((s) => s.uses?.startsWith('docker/login-action@') ?? false)].with).toMatchObject({ registry: 'ghcr.io' });
    const naming = steps[index((s) => s.id === 'image')];
    expect(naming.run).toContain('ghcr.io/${OWNER,,}/thunderprep/${APP#*/}:${GITHUB_REF_NAME#v}');
  });

  test('every action is pinned by a full commit, the release it is named beside', () => {
    const used = steps.filter((s) => s.uses).map((s) => s.uses!);
    expect(used.length).toBeGreaterThanOrEqual(5);
    for (const uses of used) expect(uses).toMatch(/^[\w-]+\/[\w.-]+@[0-9a-f]{40}$/);
    const text = readFileSync(path.join(repoRoot, '.github', 'workflows', 'release-images.yml'), 'utf8');
    for (const line of text.split('\n').filter((l) => /uses: /.test(l))) expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });
});
