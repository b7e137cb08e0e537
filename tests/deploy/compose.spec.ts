import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { parse } from 'yaml';
import { repoRoot } from './manifests';

/** The parts of the Compose format this file uses (what `docker compose config` would resolve). */
interface ComposeService {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; interval?: string; retries?: number };
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
  cap_drop?: string[];
}

// Merge keys (<<) resolved as Compose does.
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;

test('holds Postgres, NATS, every service of the registry and the gateway, and nothing else', () => {
  expect(Object.keys(services).sort()).toEqual(['gateway', 'nats', 'postgres', ...serviceRegistry.map((s) => s.name)].sort());
});

test('NATS runs with JetStream on a volume; both stores report health', () => {
  expect(services.nats.command).toEqual(expect.arrayContaining(['--jetstream']));
  expect(services.nats.healthcheck!.test.join(' ')).toContain('js-enabled-only=true');
  expect(services.postgres.healthcheck!.test).toEqual(expect.arrayContaining(['pg_isready']));
});

test('no image is untagged or latest', () => {
  for (const [name, service] of Object.entries(services)) {
    expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/^[^@]+:(?!latest$)[\w][\w.-]*$/) });
  }
});

test('every container has a healthcheck, and every dependency waits for health', () => {
  for (const [name, service] of Object.entries(services)) {
    expect({ name, healthcheck: service.healthcheck?.test?.[0] }).toEqual({ name, healthcheck: 'CMD' });
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      expect({ name, dependency, condition }).toEqual({ name, dependency, condition: 'service_healthy' });
      expect(Object.keys(services)).toContain(dependency);
    }
  }
});

test.each(serviceRegistry.map((s) => [s.name, s.port] as const))(
  '%s: its own image of the Dockerfile, on port %i, after Postgres and NATS are healthy',
  (name, port) => {
    const service = services[name];
    expect(service.build).toEqual({ context: '.', args: { APP: `services/${name}` } });
    expect(service.environment).toMatchObject({
      PORT: String(port),
      HOST: '0.0.0.0',
      DATABASE_URL: expect.stringMatching(/@postgres:5432\//),
      NATS_URL: 'nats://nats:4222',
    });
    expect(Object.keys(service.depends_on!).sort()).toEqual(['nats', 'postgres']);
    expect(service.read_only).toBe(true);
    expect(service.cap_drop).toEqual(['ALL']);
  },
);

test("the gateway waits for every service and routes to the registry's addresses", () => {
  const gateway = services.gateway;
  expect(gateway.build!.args).toMatchObject({ APP: 'apps/gateway' });
  expect(Object.keys(gateway.depends_on!).sort()).toEqual(serviceRegistry.map((s) => s.name).sort());
  expect(gateway.environment!.READY_UPSTREAMS.split(',').sort()).toEqual(serviceRegistry.map((s) => s.name).sort());
  for (const { name, port } of serviceRegistry) expect(gateway.environment![upstreamUrlVariable(name)]).toBe(`http://${name}:${port}`);
});

test("the web's Supabase settings reach the gateway image's build", () => {
  expect(Object.keys(services.gateway.build!.args!)).toEqual(expect.arrayContaining(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']));
});
