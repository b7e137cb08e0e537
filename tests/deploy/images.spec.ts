import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { checkKubectl, K8sObject, k8sDir, overlayNames, podTemplate, render, repoRoot } from './manifests';

/**
 * Every image this project runs but does not build is pinned by digest, its tag kept beside it for
 * the reader: a tag can be pushed again (a rebuilt base, or a compromised one), a digest cannot.
 * Ours (thunderprep/*) carry the release's version instead (kubernetes.spec.ts, compose.spec.ts).
 */
const pinned = /^[^\s@]+:(?!latest@)[\w][\w.-]*@sha256:[0-9a-f]{64}$/;
const ours = (image: string) => /(^|\/)thunderprep\/[\w-]+:/.test(image);

const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const nodeImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1] ?? '';

/** The major versions of Node still supported: the LTS lines, even majors. */
const isLtsLine = (major: number) => major % 2 === 0;

test('the Node image is an exact LTS release, pinned by digest, at least the 24 line, and engines asks for its major', () => {
  const match = /^node:(\d+)\.\d+\.\d+-[a-z]+-slim@sha256:[0-9a-f]{64}$/.exec(nodeImage);
  expect({ NODE_IMAGE: nodeImage, matches: Boolean(match) }).toEqual({ NODE_IMAGE: nodeImage, matches: true });
  const major = Number(match![1]);
  expect(isLtsLine(major)).toBe(true);
  expect(major).toBeGreaterThanOrEqual(24);
  // engines says the same: the root's, and any workspace's that declares one.
  const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines?: { node?: string }; workspaces: string[] };
  expect(root.engines?.node).toBe(`>=${major}`);
  for (const pattern of root.workspaces) {
    const parent = path.join(repoRoot, pattern.replace(/\/\*$/, ''));
    for (const dir of readdirSync(parent)) {
      let manifest: { engines?: { node?: string } };
      try {
        manifest = JSON.parse(readFileSync(path.join(parent, dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      if (manifest.engines?.node) expect({ workspace: dir, node: manifest.engines.node }).toEqual({ workspace: dir, node: `>=${major}` });
    }
  }
});

test('docker-compose.yml: every image it pulls is pinned by digest', () => {
  const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: unknown }>;
  };
  const pulled = Object.entries(compose.services).filter(([, s]) => !s.build);
  expect(pulled.map(([name]) => name).sort()).toEqual(['nats', 'postgres']);
  for (const [name, { image }] of pulled) expect({ name, image }).toEqual({ name, image: expect.stringMatching(pinned) });
});

test('the tests without a local Postgres or NATS start the images of docker-compose.yml (Testcontainers)', () => {
  const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { image: string }> };
  const source = readFileSync(path.join(repoRoot, 'libs', 'service-kit', 'src', 'testing', 'infrastructure.ts'), 'utf8');
  const started = [...source.matchAll(/new (PostgreSql|Nats)Container\('([^']+)'\)/g)].map(([, , image]) => image);
  expect(started.sort()).toEqual([compose.services.nats.image, compose.services.postgres.image].sort());
});

describe('Kubernetes', () => {
  let images: Array<{ overlay: string; where: string; image: string }>;
  beforeAll(() => {
    checkKubectl();
    images = [];
    for (const overlay of overlayNames) {
      for (const object of render(path.join(k8sDir, 'overlays', overlay)) as K8sObject[]) {
        const spec = podTemplate(object)?.spec;
        for (const c of [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])]) {
          images.push({ overlay, where: `${object.kind}/${object.metadata.name}/${c.name}`, image: c.image! });
        }
        // CloudNativePG runs the image its Cluster names.
        const imageName = (object.spec as { imageName?: string } | undefined)?.imageName;
        if (object.kind === 'Cluster' && imageName) images.push({ overlay, where: `Cluster/${object.metadata.name}`, image: imageName });
      }
    }
  });

  test('every image of every overlay that is not ours is pinned by digest', () => {
    const theirs = images.filter((i) => !ours(i.image));
    // The self-hosted overlay runs NATS and Postgres: the check has something to check.
    expect(theirs.map((i) => i.where)).toEqual(expect.arrayContaining(['StatefulSet/nats/nats', 'Cluster/thunderprep-pg']));
    for (const { overlay, where, image } of theirs) expect({ overlay, where, image }).toEqual({ overlay, where, image: expect.stringMatching(pinned) });
  });

  test('NATS is the same image in Kubernetes as in docker-compose.yml', () => {
    const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as { services: { nats: { image: string } } };
    const nats = new Set(images.filter((i) => i.where === 'StatefulSet/nats/nats').map((i) => i.image));
    expect([...nats]).toEqual([compose.services.nats.image]);
  });
});
