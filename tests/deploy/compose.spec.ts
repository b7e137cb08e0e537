import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { natsAdministrator, natsPasswordVariable } from '@app/service-kit/core';
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
  configs?: Array<{ source: string; target: string }>;
  restart?: string;
  read_only?: boolean;
  cap_drop?: string[];
}

// Merge keys (<<) resolved as Compose does.
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  configs: Record<string, { content?: string; file?: string }>;
};
const services = compose.services;
/** One-shot containers: they run to completion, so they have no healthcheck and are waited for differently. */
const oneShot = ['postgres-roles', 'event-streams'];
const variable = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
/** A value Compose reads from .env (`npm run admin -- compose-env`), refusing to start without it. */
const fromEnv = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);

test('holds Postgres, its roles job, NATS, its streams job, every service of the registry and the gateway, and nothing else', () => {
  expect(Object.keys(services).sort()).toEqual(
    ['event-streams', 'gateway', 'nats', 'postgres', 'postgres-roles', ...serviceRegistry.map((s) => s.name)].sort(),
  );
});

test('the event streams are provisioned by the kit as streams-admin, after NATS and before any service', () => {
  const job = services['event-streams'];
  expect(job.command).toEqual(['node', 'libs/service-kit/dist/events/provision-streams.js']);
  expect(job.environment).toMatchObject({ NATS_URL: 'nats://nats:4222', NATS_USER: natsAdministrator });
  expect(job.environment!.NATS_PASSWORD).toMatch(fromEnv(natsPasswordVariable(natsAdministrator)));
  expect(services.nats.environment![natsPasswordVariable(natsAdministrator)]).toMatch(fromEnv(natsPasswordVariable(natsAdministrator)));
  expect(job.restart).toBe('no');
});

test('NATS runs with JetStream, its users from the registry (accounts.conf), each password from .env; both stores report health', () => {
  expect(services.nats.command).toEqual(['--config', '/etc/nats/nats.conf']);
  expect(services.nats.configs).toEqual([
    { source: 'nats-config', target: '/etc/nats/nats.conf' },
    { source: 'nats-accounts', target: '/etc/nats/accounts.conf' },
  ]);
  expect(compose.configs['nats-config'].content).toMatch(/jetstream \{ store_dir: \/data \}[^]*include \.\/accounts\.conf/);
  // The same file as the Kubernetes component's, which the Kubernetes check compares with the registry.
  expect(compose.configs['nats-accounts'].file).toBe('./deploy/k8s/components/nats-jetstream/accounts.conf');
  for (const { name } of serviceRegistry) {
    expect(services.nats.environment![`${variable(name)}_NATS_PASSWORD`]).toMatch(fromEnv(`${variable(name)}_NATS_PASSWORD`));
  }
  expect(services.nats.healthcheck!.test.join(' ')).toContain('js-enabled-only=true');
  expect(services.postgres.healthcheck!.test).toEqual(expect.arrayContaining(['pg_isready']));
});

test("Postgres: no fixed password; a role per service of the registry, made by the kit's ensureServiceRoles before any service starts", () => {
  expect(services.postgres.environment!.POSTGRES_PASSWORD).toMatch(fromEnv('POSTGRES_PASSWORD'));
  expect(services.postgres.environment).not.toHaveProperty('POSTGRES_HOST_AUTH_METHOD');
  const roles = services['postgres-roles'];
  expect(roles.environment!.SERVICES.split(',')).toEqual(serviceRegistry.map((s) => s.name));
  for (const { name } of serviceRegistry) {
    expect(roles.environment![`${variable(name)}_DATABASE_PASSWORD`]).toMatch(fromEnv(`${variable(name)}_DATABASE_PASSWORD`));
  }
  expect(roles.command!.join(' ')).toContain('ensureServiceRoles');
  expect(roles.restart).toBe('no');
});

test('no image is untagged or latest', () => {
  for (const [name, service] of Object.entries(services)) {
    expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/^[^@]+:(?!latest(@|$))[\w][\w.-]*(@sha256:[0-9a-f]{64})?$/) });
  }
});

test('every container has a healthcheck, and every dependency waits for health', () => {
  for (const [name, service] of Object.entries(services)) {
    if (!oneShot.includes(name)) expect({ name, healthcheck: service.healthcheck?.test?.[0] }).toEqual({ name, healthcheck: 'CMD' });
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      const expected = oneShot.includes(dependency) ? 'service_completed_successfully' : 'service_healthy';
      expect({ name, dependency, condition }).toEqual({ name, dependency, condition: expected });
      expect(Object.keys(services)).toContain(dependency);
    }
  }
});

test.each(serviceRegistry.map((s) => [s.name, s.port] as const))(
  '%s: its own image of the Dockerfile, on port %i, as its own Postgres role and NATS user, after Postgres, its roles, NATS and its streams',
  (name, port) => {
    const service = services[name];
    expect(service.build).toEqual({ context: '.', args: { APP: `services/${name}` } });
    expect(service.environment).toMatchObject({
      PORT: String(port),
      HOST: '0.0.0.0',
      DATABASE_URL: `postgres://${name}:\${${variable(name)}_DATABASE_PASSWORD:?run npm run admin -- compose-env first}@postgres:5432/postgres`,
      NATS_URL: 'nats://nats:4222',
      NATS_USER: name,
      NATS_PASSWORD: expect.stringMatching(fromEnv(`${variable(name)}_NATS_PASSWORD`)),
    });
    if (name === 'identity') expect(service.environment!.SIGNING_KEY_ENCRYPTION_KEY).toMatch(fromEnv('SIGNING_KEY_ENCRYPTION_KEY'));
    else expect(service.environment).not.toHaveProperty('SIGNING_KEY_ENCRYPTION_KEY');
    // A shared interview card's author username comes from profile, at its service name and port.
    if (name === 'interviews') expect(service.environment!.PROFILE_URL).toBe(`http://profile:${serviceRegistry.find((s) => s.name === 'profile')!.port}`);
    else expect(service.environment).not.toHaveProperty('PROFILE_URL');
    expect(Object.keys(service.depends_on!).sort()).toEqual(['event-streams', 'nats', 'postgres', 'postgres-roles']);
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

test('the gateway and every service share GATEWAY_SECRET from .env; no service believes X-Forwarded-For on its own', () => {
  for (const name of ['gateway', ...serviceRegistry.map((s) => s.name)]) {
    expect({ name, secret: services[name].environment!.GATEWAY_SECRET }).toEqual({ name, secret: expect.stringMatching(fromEnv('GATEWAY_SECRET')) });
    if (name !== 'gateway') expect(services[name].environment).not.toHaveProperty('TRUST_PROXY');
  }
});

test("the web's Supabase settings reach the gateway image's build", () => {
  expect(Object.keys(services.gateway.build!.args!)).toEqual(expect.arrayContaining(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']));
});
