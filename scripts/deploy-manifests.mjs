// `npm run deploy:manifests` writes the deploy files that repeat the service registry
// (libs/contracts/src/registry.ts) from it: each service's Deployment, Service, PodDisruptionBudget,
// HorizontalPodAutoscaler and NetworkPolicy (deploy/k8s/base/<service>.yaml), the NATS users
// (accounts.conf), the Postgres roles of the in-cluster cluster, the gateway's upstreams and egress
// ports, the services' route to identity's public keys, and docker-compose.yml's service blocks,
// roles, NATS passwords and gateway upstreams, and the images the release workflow builds. In shared files only the regions between
// the markers below are written. `--check` writes nothing and exits 1 naming every file that differs
// (tests/deploy runs it). Needs libs/contracts and libs/service-kit built (`npm run build`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const regionStart = '# generated from the registry by `npm run deploy:manifests`: edit the registry or the script';
export const regionEnd = '# end of generated';

/** The service that issues access tokens; every other service fetches its public keys. */
const tokenIssuer = 'identity';

/**
 * What only a deployment knows about a service: why it exists in the cluster, extra environment, who
 * else may reach it, where it may go beyond Postgres, NATS and identity (network-policies.yaml), and
 * how long its pods may take to stop (30 s unless said).
 */
const deployFacts = {
  identity: {
    headline: [
      "identity: the registry's (libs/contracts/src/registry.ts) token issuer. The gateway reaches it for",
      '/auth/v1, and every service for the public keys (AUTH_JWKS_URL) that check access tokens.',
    ],
    env: ['# Without SMTP_URL (in the Secret) mail is written here instead of sent.', '- { name: MAILBOX_DIR, value: /tmp/mailbox }'],
    composeEnv: [`SIGNING_KEY_ENCRYPTION_KEY: ${fromEnvFile('SIGNING_KEY_ENCRYPTION_KEY')}`, 'MAILBOX_DIR: /tmp/mailbox'],
    egress: ['# Confirmation mail (SMTP_URL): submission and implicit-TLS ports.', '- ports: [{ port: 587, protocol: TCP }, { port: 465, protocol: TCP }]'],
  },
  voice: {
    // A pod shutting down lets its calls run to their 20-minute limit (docs/deploy.md, "Voice calls
    // and rollouts"): the preStop pause, the drain, and 25 s for the rest of the shutdown.
    terminationGracePeriodSeconds: 1230,
    env: [
      '# Shutting down, a pod takes no new call and lets running ones reach their limit; any still running',
      '# then is cut and resumed on another pod for no new charge. Within terminationGracePeriodSeconds.',
      '- { name: VOICE_DRAIN_SECONDS, value: "1200" }',
    ],
    // One replica, stopped within compose's 10 s: its calls are cut at once, resumable once it is back.
    composeEnv: ['VOICE_DRAIN_SECONDS: "0"'],
    egress: ["# The voice-agent provider's API (ElevenLabs) over HTTPS.", '- ports: [{ port: 443, protocol: TCP }]'],
  },
};

/** A secret docker-compose.yml reads from .env, refusing to start without it. */
function fromEnvFile(variable) {
  return `\${${variable}:?run npm run admin -- compose-env first}`;
}

const indent = (lines, spaces) => lines.map((line) => (line ? ' '.repeat(spaces) + line : line));

/** `- to:`/`- from:` peers of a NetworkPolicy naming each service's pods. */
const podsOf = (names) =>
  names.flatMap((peer) => ['- podSelector:', `    matchLabels: { app.kubernetes.io/name: ${peer}, app.kubernetes.io/instance: thunderprep }`]);

function serviceManifest({ name, port, calls }, services) {
  const facts = deployFacts[name] ?? {};
  // The registry's direct calls (its `calls`): the caller gets <NAME>_URL and egress to that port only,
  // the callee takes ingress from that caller only.
  const callees = services.filter((s) => calls.includes(s.name));
  const callers = services.filter((s) => s.calls.includes(name)).map((s) => s.name);
  const egress = [
    ...(facts.egress ?? []),
    ...callees.flatMap((callee) => [
      `# Direct calls to ${callee.name} (${callee.urlVar}).`,
      '- to:',
      ...indent(podsOf([callee.name]), 4),
      `  ports: [{ port: ${callee.port}, protocol: TCP }]`,
    ]),
  ];
  const headline = facts.headline ?? [
    `${name}: one backend service of the registry (libs/contracts/src/registry.ts). Only the gateway (and,`,
    `for the token keys, the other services' JWKS fetch when this is ${tokenIssuer}) reaches it.`,
  ];
  const labels = `  labels:\n    app.kubernetes.io/name: ${name}\n    app.kubernetes.io/component: service`;
  const selector = (spaces) => indent([`app.kubernetes.io/name: ${name}`, 'app.kubernetes.io/instance: thunderprep'], spaces);
  const ingressFrom = [
    '- podSelector:',
    '    matchLabels: { app.kubernetes.io/name: gateway, app.kubernetes.io/instance: thunderprep }',
    ...(name === tokenIssuer ? ['- podSelector:', '    matchLabels: { app.kubernetes.io/component: service, app.kubernetes.io/part-of: thunderprep }'] : []),
    ...podsOf(callers),
  ];
  const lines = [
    '# Written by `npm run deploy:manifests` from the registry and scripts/deploy-manifests.mjs: edit those, not this.',
    ...headline.map((line) => `# ${line}`),
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    labels,
    'spec:',
    '  # No replicas: the HorizontalPodAutoscaler owns the count (an apply would otherwise reset it).',
    '  revisionHistoryLimit: 5',
    '  strategy:',
    '    type: RollingUpdate',
    '    rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }',
    '  selector:',
    '    matchLabels:',
    ...selector(6),
    '  template:',
    '    metadata:',
    '      labels:',
    `        app.kubernetes.io/name: ${name}`,
    '        app.kubernetes.io/component: service',
    '    spec:',
    '      automountServiceAccountToken: false',
    '      enableServiceLinks: false',
    `      terminationGracePeriodSeconds: ${facts.terminationGracePeriodSeconds ?? 30}`,
    '      securityContext:',
    '        runAsNonRoot: true',
    '        runAsUser: 10001',
    '        runAsGroup: 10001',
    '        fsGroup: 10001',
    '        seccompProfile: { type: RuntimeDefault }',
    '      topologySpreadConstraints:',
    '        - maxSkew: 1',
    '          topologyKey: kubernetes.io/hostname',
    '          whenUnsatisfiable: ScheduleAnyway',
    '          labelSelector:',
    `            matchLabels: { app.kubernetes.io/name: ${name}, app.kubernetes.io/instance: thunderprep }`,
    '      containers:',
    `        - name: ${name}`,
    `          image: thunderprep/${name}`,
    `          ports: [{ name: http, containerPort: ${port}, protocol: TCP }]`,
    '          env:',
    `            - { name: PORT, value: "${port}" }`,
    `            - { name: DATABASE_SCHEMA, value: ${name} }`,
    '            # Its own NATS user (NATS_PASSWORD in the Secret): it may publish only what it produces.',
    `            - { name: NATS_USER, value: ${name} }`,
    '            # Shared with the gateway (Secret thunderprep-gateway-secret): a call proving it is believed',
    "            # about the client's address, and only such calls reach /internal/*.",
    '            - name: GATEWAY_SECRET',
    '              valueFrom: { secretKeyRef: { name: thunderprep-gateway-secret, key: GATEWAY_SECRET } }',
    ...indent(facts.env ?? [], 12),
    ...callees.map((callee) => `            - { name: ${callee.urlVar}, value: "http://${callee.name}:${callee.port}" }`),
    '          envFrom:',
    '            - configMapRef: { name: thunderprep-config }',
    `            - secretRef: { name: ${name}-secrets }`,
    '          startupProbe:',
    '            # Migrations run before the port opens (under an advisory lock, one replica at a time).',
    '            httpGet: { path: /healthz, port: http }',
    '            periodSeconds: 2',
    '            failureThreshold: 90',
    '          readinessProbe:',
    '            httpGet: { path: /readyz, port: http }',
    '            timeoutSeconds: 2',
    '            periodSeconds: 5',
    '            failureThreshold: 2',
    '          livenessProbe:',
    '            httpGet: { path: /healthz, port: http }',
    '            periodSeconds: 10',
    '            timeoutSeconds: 2',
    '            failureThreshold: 3',
    '          lifecycle:',
    '            # Endpoints are removed asynchronously: keep serving until proxies have stopped sending.',
    '            preStop:',
    '              exec: { command: [sleep, "5"] }',
    '          resources:',
    '            requests: { cpu: 100m, memory: 160Mi, ephemeral-storage: 16Mi }',
    '            limits: { cpu: "1", memory: 384Mi, ephemeral-storage: 128Mi }',
    '          securityContext:',
    '            runAsNonRoot: true',
    '            runAsUser: 10001',
    '            runAsGroup: 10001',
    '            allowPrivilegeEscalation: false',
    '            readOnlyRootFilesystem: true',
    '            capabilities: { drop: [ALL] }',
    '            seccompProfile: { type: RuntimeDefault }',
    '          volumeMounts:',
    '            - { name: tmp, mountPath: /tmp }',
    '      volumes:',
    '        - name: tmp',
    '          emptyDir: { sizeLimit: 64Mi }',
    '---',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${name}`,
    labels,
    'spec:',
    '  selector:',
    ...selector(4),
    `  ports: [{ name: http, port: ${port}, targetPort: http, protocol: TCP }]`,
    '---',
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    `  name: ${name}`,
    labels,
    'spec:',
    '  maxUnavailable: 1',
    '  selector:',
    '    matchLabels:',
    ...selector(6),
    '---',
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    labels,
    'spec:',
    `  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }`,
    '  minReplicas: 2',
    '  maxReplicas: 6',
    '  metrics:',
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        target: { type: Utilization, averageUtilization: 70 }',
    '---',
    'apiVersion: networking.k8s.io/v1',
    'kind: NetworkPolicy',
    'metadata:',
    `  name: ${name}`,
    labels,
    'spec:',
    '  podSelector:',
    '    matchLabels:',
    ...selector(6),
    `  policyTypes: [${egress.length ? 'Ingress, Egress' : 'Ingress'}]`,
    '  ingress:',
    '    - from:',
    ...indent(ingressFrom, 8),
    `      ports: [{ port: ${port}, protocol: TCP }]`,
    ...(egress.length ? ['  egress:', ...indent(egress, 4)] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** A service's block of docker-compose.yml: its image built from ./Dockerfile, logged in as itself. */
function composeService({ name, port, variable, calls }, services) {
  return [
    `${name}:`,
    '  <<: *service',
    `  image: thunderprep/${name}:local`,
    `  build: { context: ., args: { APP: services/${name} } }`,
    '  environment:',
    '    <<: *service-env',
    `    PORT: "${port}"`,
    `    DATABASE_URL: postgres://${name}:${fromEnvFile(`${variable}_DATABASE_PASSWORD`)}@postgres:5432/postgres`,
    `    NATS_USER: ${name}`,
    `    NATS_PASSWORD: ${fromEnvFile(`${variable}_NATS_PASSWORD`)}`,
    ...indent(deployFacts[name]?.composeEnv ?? [], 4),
    ...services.filter((s) => calls.includes(s.name)).map((callee) => `    ${callee.urlVar}: http://${callee.name}:${callee.port}`),
    '  healthcheck: *healthcheck',
  ];
}

/** The lines of each marked region of a shared file, by the order the regions appear in. */
function sharedRegions(services) {
  const issuer = services.find((s) => s.name === tokenIssuer);
  const names = services.map((s) => s.name).join(',');
  return {
    '.github/workflows/release-images.yml': [services.map((s) => `- services/${s.name}`)],
    'docker-compose.yml': [
      [`AUTH_JWKS_URL: http://${issuer.name}:${issuer.port}/auth/v1/.well-known/jwks.json`],
      [`SERVICES: ${names}`, ...services.map((s) => `${s.variable}_DATABASE_PASSWORD: ${fromEnvFile(`${s.variable}_DATABASE_PASSWORD`)}`)],
      services.map((s) => `${s.variable}_NATS_PASSWORD: ${fromEnvFile(`${s.variable}_NATS_PASSWORD`)}`),
      services.flatMap((s, i) => [...(i ? [''] : []), ...composeService(s, services)]),
      [`READY_UPSTREAMS: ${names}`, ...services.map((s) => `${s.urlVar}: http://${s.name}:${s.port}`)],
      services.map((s) => `${s.name}: { condition: service_healthy }`),
    ],
    'deploy/k8s/base/kustomization.yaml': [[`- AUTH_JWKS_URL=http://${issuer.name}:${issuer.port}/auth/v1/.well-known/jwks.json`]],
    'deploy/k8s/base/gateway.yaml': [
      [`- { name: READY_UPSTREAMS, value: "${names}" }`, ...services.map((s) => `- { name: ${s.urlVar}, value: "http://${s.name}:${s.port}" }`)],
      services.map((s) => `- { port: ${s.port}, protocol: TCP }`),
    ],
    'deploy/k8s/base/network-policies.yaml': [
      [
        '- to:',
        '    - podSelector:',
        `        matchLabels: { app.kubernetes.io/name: ${issuer.name}, app.kubernetes.io/instance: thunderprep }`,
        `  ports: [{ port: ${issuer.port}, protocol: TCP }]`,
      ],
    ],
    'deploy/k8s/components/postgres-cnpg/postgres.yaml': [
      services.flatMap((s) => [
        `- CREATE ROLE ${s.name} LOGIN`,
        `- CREATE SCHEMA ${s.name} AUTHORIZATION ${s.name}`,
        `- REVOKE ALL ON SCHEMA ${s.name} FROM PUBLIC`,
        // The kit's job runner (pg-boss) keeps its tables there (libs/service-kit/src/jobs).
        `- CREATE SCHEMA ${s.name}_jobs AUTHORIZATION ${s.name}`,
        `- REVOKE ALL ON SCHEMA ${s.name}_jobs FROM PUBLIC`,
      ]),
      services.map((s) => `- { name: ${s.name}, ensure: present, login: true, passwordSecret: { name: ${s.name}-db-role } }`),
    ],
  };
}

/** A shared file with each marked region's body replaced, indented as its start marker. */
function withRegions(file, text, bodies) {
  const lines = text.split('\n');
  const out = [];
  let region = 0;
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    if (lines[i].trim() !== regionStart) continue;
    const end = lines.findIndex((line, j) => j > i && [regionStart, regionEnd].includes(line.trim()));
    if (end < 0 || lines[end].trim() !== regionEnd) throw new Error(`${file}: a region opened on line ${i + 1} is never closed by "${regionEnd}"`);
    if (region >= bodies.length) throw new Error(`${file}: more generated regions than the script writes (${bodies.length})`);
    const margin = lines[i].length - lines[i].trimStart().length;
    out.push(...indent(bodies[region++], margin), lines[end]);
    i = end;
  }
  if (region !== bodies.length) throw new Error(`${file}: ${region} generated regions, the script writes ${bodies.length}`);
  return out.join('\n');
}

/** Every generated file, by its path from the repository root, as the registry makes it now. */
export function deployManifests() {
  // The framework-free core: the NestJS adapter is not needed here and takes seconds to load.
  const kitPath = path.join(root, 'libs', 'service-kit', 'dist', 'core.js');
  const contractsPath = path.join(root, 'libs', 'contracts', 'dist', 'index.js');
  for (const built of [contractsPath, kitPath]) {
    if (!existsSync(built)) throw new Error(`${path.relative(root, built)} is missing: run \`npm run build\` first`);
  }
  const { serviceRegistry, upstreamUrlVariable } = require(contractsPath);
  const { natsAccountsConfig, natsAdministrator, natsGatewayListener, natsPasswordVariable } = require(kitPath);
  const services = serviceRegistry.map((s) => ({
    name: s.name,
    port: s.port,
    urlVar: upstreamUrlVariable(s.name),
    // The prefix of its variables in .env (compose-env writes them): interviews → INTERVIEWS.
    variable: upstreamUrlVariable(s.name).replace(/_URL$/, ''),
    produces: s.produces,
    consumes: s.consumes,
    calls: s.calls ?? [],
  }));
  for (const { name, calls } of services) {
    for (const callee of calls) {
      if (!services.some((s) => s.name === callee)) throw new Error(`${name} calls ${callee}, which is not in the registry`);
    }
  }
  for (const name of Object.keys(deployFacts)) {
    if (!services.some((s) => s.name === name)) throw new Error(`deploy facts name ${name}, which is not in the registry`);
  }

  const files = new Map();
  for (const service of services) files.set(`deploy/k8s/base/${service.name}.yaml`, serviceManifest(service, services));
  files.set(
    'deploy/k8s/components/nats-jetstream/accounts.conf',
    natsAccountsConfig({
      services: services.map((s) => ({ ...s, password: { env: natsPasswordVariable(s.name) } })),
      administrator: { user: natsAdministrator, password: { env: natsPasswordVariable(natsAdministrator) } },
      listeners: [{ user: natsGatewayListener, password: { env: natsPasswordVariable(natsGatewayListener) } }],
    }),
  );
  for (const [file, bodies] of Object.entries(sharedRegions(services))) {
    files.set(file, withRegions(file, readFileSync(path.join(root, file), 'utf8'), bodies));
  }
  return files;
}

/** Service files the base does not list yet (a new service's file is added to resources by hand, once). */
function unlistedServiceFiles(files) {
  const base = readFileSync(path.join(root, 'deploy/k8s/base/kustomization.yaml'), 'utf8');
  return files
    .filter((file) => /^deploy\/k8s\/base\/[^/]+\.yaml$/.test(file) && !base.includes(`  - ${path.basename(file)}\n`) && !file.endsWith('kustomization.yaml'))
    .map((file) => `deploy/k8s/base/kustomization.yaml does not list ${path.basename(file)} in resources`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const files = deployManifests();
  const stale = [...files]
    .filter(([file, text]) => !existsSync(path.join(root, file)) || readFileSync(path.join(root, file), 'utf8') !== text)
    .map(([file]) => file);
  const unlisted = unlistedServiceFiles([...files.keys()]);
  if (check) {
    for (const file of stale) console.error(`${file} differs from what the registry makes: run npm run deploy:manifests`);
    for (const problem of unlisted) console.error(problem);
    process.exit(stale.length || unlisted.length ? 1 : 0);
  }
  for (const file of stale) writeFileSync(path.join(root, file), files.get(file));
  for (const problem of unlisted) console.error(`add it: ${problem}`);
  console.log(stale.length ? `wrote ${stale.join(', ')}` : 'every generated file was already up to date');
}
