import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { natsAccountsConfig, natsAdministrator, natsGatewayListener, natsPasswordVariable, serviceExtensionsSql } from '@app/service-kit/core';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import {
  allowed,
  checkKubectl,
  Endpoint,
  K8sObject,
  k8sDir,
  named,
  ofKind,
  overlayNames,
  pod,
  podTemplate,
  render,
  repoRoot,
  schemaProblems,
  selectorMatches,
} from './manifests';

/** What the cluster runs of ours: the gateway and every service of the registry. */
const apps = [{ name: 'gateway', port: 8080 }, ...serviceRegistry.map(({ name, port }) => ({ name, port }))];
const workloadKinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'];

const rendered = new Map<string, K8sObject[]>();
beforeAll(() => {
  checkKubectl();
  for (const overlay of overlayNames) rendered.set(overlay, render(path.join(k8sDir, 'overlays', overlay)));
});

test('the overlays are dev, prod and prod with the in-cluster infrastructure components', () => {
  expect(overlayNames).toEqual(['dev', 'prod', 'prod-self-hosted']);
});

describe.each(overlayNames)('overlay %s', (overlay) => {
  const objects = () => rendered.get(overlay)!;
  const namespace = () => ofKind(objects(), 'Namespace')[0].metadata.name;
  const workloads = () => objects().filter((o) => workloadKinds.includes(o.kind));
  const deployment = (name: string) => named<IDeployment>(objects(), 'Deployment', name);
  const mainContainer = (name: string) => deployment(name).spec!.template.spec!.containers[0];
  const policies = () => ofKind<INetworkPolicy>(objects(), 'NetworkPolicy');
  const podOf = (name: string) => pod(namespace(), deployment(name).spec!.template.metadata!.labels!);

  /** A container's environment as the kubelet builds it: envFrom ConfigMaps, then env (which wins). */
  const environment = (container: IContainer) => {
    const env: Record<string, string> = {};
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef) Object.assign(env, named<IConfigMap>(objects(), 'ConfigMap', source.configMapRef.name!).data);
    }
    for (const variable of container.env ?? []) env[variable.name] = variable.value ?? `<from ${JSON.stringify(variable.valueFrom)}>`;
    return env;
  };

  test('every object is valid against the Kubernetes schemas', () => {
    const problems = objects().flatMap((o) => schemaProblems(o).map((p) => `${o.kind}/${o.metadata.name}: ${p}`));
    expect(problems).toEqual([]);
  });

  test('one namespace holds everything and enforces the restricted Pod Security profile', () => {
    const namespaces = ofKind(objects(), 'Namespace');
    expect(namespaces).toHaveLength(1);
    expect(namespaces[0].metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    const elsewhere = objects().filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace());
    expect(elsewhere.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  test.each(apps.map((a) => a.name))('%s has a Deployment, a Service, a PodDisruptionBudget, an autoscaler and a NetworkPolicy', (name) => {
    const template = deployment(name).spec!.template;
    const service = named<IService>(objects(), 'Service', name);
    expect(selectorMatches({ matchLabels: service.spec!.selector }, template.metadata!.labels)).toBe(true);
    const pdb = named<IPodDisruptionBudget>(objects(), 'PodDisruptionBudget', name);
    expect(selectorMatches(pdb.spec!.selector, template.metadata!.labels)).toBe(true);
    expect(pdb.spec!.maxUnavailable ?? pdb.spec!.minAvailable).toBeDefined();
    const hpa = ofKind<IHorizontalPodAutoscaler>(objects(), 'HorizontalPodAutoscaler').find(
      (h) => h.spec!.scaleTargetRef.kind === 'Deployment' && h.spec!.scaleTargetRef.name === name,
    );
    expect(hpa).toBeDefined();
    expect(hpa!.spec!.minReplicas).toBeGreaterThanOrEqual(overlay === 'dev' ? 1 : 2);
    expect(hpa!.spec!.maxReplicas).toBeGreaterThan(hpa!.spec!.minReplicas!);
    // The autoscaler owns the count: a replica count in the Deployment would be re-applied over it.
    expect(deployment(name).spec!.replicas).toBeUndefined();
    const own = policies().filter(
      (p) => Object.keys(p.spec!.podSelector.matchLabels ?? {}).length && selectorMatches(p.spec!.podSelector, template.metadata!.labels),
    );
    expect(own.some((p) => p.spec!.policyTypes!.includes('Ingress'))).toBe(true);
  });

  test('workloads carry the recommended labels, and their selectors match their own pods', () => {
    for (const workload of workloads()) {
      const labels = podTemplate(workload)!.metadata!.labels!;
      for (const key of ['name', 'instance', 'component', 'part-of']) {
        expect({ [workload.metadata.name]: labels[`app.kubernetes.io/${key}`] }).toEqual({ [workload.metadata.name]: expect.any(String) });
      }
      const selector = (workload.spec as { selector?: NonNullable<IDeployment['spec']>['selector'] }).selector;
      if (workload.kind !== 'Job') expect(selectorMatches(selector, labels)).toBe(true);
    }
    for (const { name } of apps) {
      const labels = deployment(name).spec!.template.metadata!.labels!;
      expect(labels).toMatchObject({
        'app.kubernetes.io/name': name,
        'app.kubernetes.io/part-of': 'thunderprep',
        'app.kubernetes.io/version': expect.any(String),
      });
    }
  });

  test('every pod runs under the restricted Pod Security profile with a numeric non-root user', () => {
    for (const workload of workloads()) {
      const spec = podTemplate(workload)!.spec!;
      const where = `${workload.kind}/${workload.metadata.name}`;
      expect({ where, token: spec.automountServiceAccountToken }).toEqual({ where, token: false });
      expect({ where, hostNetwork: !!spec.hostNetwork, hostPID: !!spec.hostPID, hostIPC: !!spec.hostIPC }).toEqual({
        where,
        hostNetwork: false,
        hostPID: false,
        hostIPC: false,
      });
      expect((spec.volumes ?? []).filter((v) => v.hostPath)).toEqual([]);
      for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
        const sc = { ...spec.securityContext, ...container.securityContext };
        expect({ where, container: container.name, sc }).toEqual({
          where,
          container: container.name,
          sc: expect.objectContaining({
            runAsNonRoot: true,
            runAsUser: expect.any(Number),
            runAsGroup: expect.any(Number),
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            seccompProfile: { type: 'RuntimeDefault' },
          }),
        });
        expect(sc.runAsUser).toBeGreaterThanOrEqual(10000);
        expect(sc.privileged).toBeFalsy();
        expect(container.securityContext?.capabilities?.drop).toContain('ALL');
        expect(container.securityContext?.capabilities?.add ?? []).toEqual([]);
        // Requests for scheduling, limits so one pod cannot starve the node.
        expect({ where, container: container.name, resources: container.resources }).toEqual({
          where,
          container: container.name,
          resources: expect.objectContaining({
            requests: expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
            limits: expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
          }),
        });
      }
    }
  });

  test('long-running pods have startup, readiness and liveness probes and a preStop pause', () => {
    for (const workload of workloads().filter((w) => w.kind !== 'Job')) {
      const spec = podTemplate(workload)!.spec!;
      for (const container of spec.containers) {
        expect({
          container: container.name,
          startup: !!container.startupProbe,
          readiness: !!container.readinessProbe,
          liveness: !!container.livenessProbe,
        }).toEqual({
          container: container.name,
          startup: true,
          readiness: true,
          liveness: true,
        });
        expect(container.lifecycle?.preStop).toBeDefined();
      }
    }
    for (const { name } of apps) {
      const template = deployment(name).spec!.template.spec!;
      const container = mainContainer(name);
      const portNames = (container.ports ?? []).map((p) => p.name);
      expect(container.startupProbe!.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.livenessProbe!.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe!.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(portNames).toContain('http');
      // The pause while endpoints are withdrawn, then the process's own drain, within the grace period.
      const [command, seconds] = container.lifecycle!.preStop!.exec!.command!;
      expect(command).toBe('sleep');
      expect(template.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + 15);
      // A read-only root: /tmp is the only writable place.
      const tmp = container.volumeMounts!.find((m) => m.mountPath === '/tmp')!;
      expect(template.volumes!.find((v) => v.name === tmp.name)!.emptyDir).toBeDefined();
    }
  });

  test('images: ours carry the overlay tag, which is also the version label; nothing is untagged or latest', () => {
    const images = workloads().flatMap((w) => podTemplate(w)!.spec!.containers.map((c) => c.image!));
    for (const image of images) expect(image).toMatch(/^[^@]+:(?!latest(@|$))[\w][\w.-]*(@sha256:[0-9a-f]{64})?$/);
    const tags = new Set<string>();
    for (const { name } of apps) {
      const image = mainContainer(name).image!;
      expect(image).toMatch(new RegExp(`(^|/)thunderprep/${name}:`));
      const tag = image.split(':').pop()!;
      tags.add(tag);
      expect(deployment(name).spec!.template.metadata!.labels!['app.kubernetes.io/version']).toBe(tag);
    }
    expect(tags.size).toBe(1);
  });

  test("the gateway waits for and routes to exactly the registry's services", () => {
    const env = environment(mainContainer('gateway'));
    expect(env.READY_UPSTREAMS.split(',').sort()).toEqual(serviceRegistry.map((s) => s.name).sort());
    for (const { name, port } of serviceRegistry) {
      expect({ [upstreamUrlVariable(name)]: env[upstreamUrlVariable(name)] }).toEqual({ [upstreamUrlVariable(name)]: `http://${name}:${port}` });
      const service = named<IService>(objects(), 'Service', name);
      expect(service.spec!.ports!.map((p) => p.port)).toContain(port);
      expect(environment(mainContainer(name)).PORT).toBe(String(port));
      expect(mainContainer(name).ports!.find((p) => p.name === 'http')!.containerPort).toBe(port);
    }
  });

  test('the Ingress has a class and TLS for every host, leads to the gateway, and the gateway trusts that proxy', () => {
    const ingresses = ofKind<IIngress>(objects(), 'Ingress');
    expect(ingresses).toHaveLength(1);
    const spec = ingresses[0].spec!;
    expect(spec.ingressClassName).toBeTruthy();
    for (const rule of spec.rules!) {
      expect(spec.tls!.some((t) => t.hosts!.includes(rule.host!) && t.secretName)).toBe(true);
      for (const p of rule.http!.paths) expect(p.backend.service!.name).toBe('gateway');
    }
    expect(environment(mainContainer('gateway')).TRUST_PROXY).toMatch(/^(true|\d+|[\d./:a-z,]+)$/);
    expect(environment(mainContainer('gateway')).TRUST_PROXY).not.toBe('false');
  });

  test('network: default deny; the ingress controller reaches only the gateway, the gateway only the services', () => {
    const ingressController = pod('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' });
    const stranger = pod(namespace(), { app: 'debug-shell' });
    const defaultDeny = policies().find((p) => !Object.keys(p.spec!.podSelector).length && !p.spec!.ingress && !p.spec!.egress);
    expect(defaultDeny?.spec!.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
    const gateway = podOf('gateway');
    expect(allowed(policies(), ingressController, gateway, 8080)).toBe(true);
    expect(allowed(policies(), stranger, gateway, 8080)).toBe(false);
    expect(allowed(policies(), { ip: '203.0.113.7' }, gateway, 8080)).toBe(false);
    for (const { name, port } of serviceRegistry) {
      expect({ name, fromGateway: allowed(policies(), gateway, podOf(name), port) }).toEqual({ name, fromGateway: true });
      expect({ name, fromIngress: allowed(policies(), ingressController, podOf(name), port) }).toEqual({ name, fromIngress: false });
      expect({ name, fromStranger: allowed(policies(), stranger, podOf(name), port) }).toEqual({ name, fromStranger: false });
    }
    // The gateway needs no database; it reaches NATS (its port only) to hear ended sessions.
    expect(allowed(policies(), gateway, { ip: '10.20.0.5' }, 5432)).toBe(false);
    expect(allowed(policies(), gateway, { ip: '10.20.0.5' }, 4222)).toBe(true);
  });

  test('network: services reach Postgres, NATS and identity (token keys), and of each other only interviews → profile; every pod reaches DNS only', () => {
    const dns = pod('kube-system', { 'k8s-app': 'kube-dns' });
    for (const workload of workloads()) {
      const from = pod(namespace(), podTemplate(workload)!.metadata!.labels!);
      expect({ pod: workload.metadata.name, dns: allowed(policies(), from, dns, 53, 'UDP') }).toEqual({ pod: workload.metadata.name, dns: true });
      expect({ pod: workload.metadata.name, web: allowed(policies(), from, { ip: '203.0.113.7' }, 80) }).toEqual({ pod: workload.metadata.name, web: false });
    }
    const external = { ip: '10.20.0.5' };
    for (const { name } of serviceRegistry) {
      const from = podOf(name);
      expect({ name, postgres: allowed(policies(), from, external, 5432), nats: allowed(policies(), from, external, 4222) }).toEqual({
        name,
        postgres: true,
        nats: true,
      });
      expect({ name, jwks: allowed(policies(), from, podOf('identity'), 8101) }).toEqual({ name, jwks: true });
      for (const other of serviceRegistry.filter((o) => o.name !== name && o.name !== 'identity')) {
        expect({ from: name, to: other.name, allowed: allowed(policies(), from, podOf(other.name), other.port) }).toEqual({
          from: name,
          to: other.name,
          // A shared interview card's author username comes from profile (PROFILE_URL).
          allowed: name === 'interviews' && other.name === 'profile',
        });
      }
      expect({ name, gateway: allowed(policies(), from, podOf('gateway'), 8080) }).toEqual({ name, gateway: false });
    }
  });

  test("interviews finds profile at its Service and port (PROFILE_URL), and reaches nothing else of profile's", () => {
    const profile = serviceRegistry.find((s) => s.name === 'profile')!;
    const service = named<IService>(objects(), 'Service', 'profile');
    expect(service.spec!.ports!.map((p) => p.port)).toEqual([profile.port]);
    expect(environment(mainContainer('interviews')).PROFILE_URL).toBe(`http://profile:${profile.port}`);
    expect(allowed(policies(), podOf('interviews'), podOf('profile'), profile.port)).toBe(true);
    expect(allowed(policies(), podOf('interviews'), podOf('profile'), 9090)).toBe(false);
    for (const { name } of serviceRegistry.filter((s) => s.name !== 'interviews')) {
      expect({ name, profileUrl: environment(mainContainer(name)).PROFILE_URL }).toEqual({ name, profileUrl: undefined });
    }
  });

  test('one Secret per service, referenced by name; only the dev overlay generates any (placeholders)', () => {
    const secrets = ofKind(objects(), 'Secret');
    const secretNames = new Set(secrets.map((s) => s.metadata.name));
    const referenced = new Set<string>();
    for (const { name } of serviceRegistry) {
      const refs = (mainContainer(name).envFrom ?? []).filter((s) => s.secretRef).map((s) => s.secretRef!);
      expect(refs).toHaveLength(1);
      expect(refs[0].optional).toBeFalsy();
      // A generated Secret's name carries a content hash, so a change rolls the pods.
      expect(refs[0].name).toMatch(new RegExp(`^${name}-secrets(-[a-z0-9]{10})?$`));
      referenced.add(refs[0].name!);
      if (overlay === 'dev') expect(secretNames).toContain(refs[0].name);
    }
    expect(referenced.size).toBe(serviceRegistry.length);
    if (overlay === 'dev') {
      for (const secret of secrets) {
        const values = Object.values((secret as { data?: Record<string, string> }).data ?? {}).map((v) => Buffer.from(v, 'base64').toString());
        for (const value of values.filter((v) => /:\/\/[^/]*:[^@/]*@/.test(v))) expect(value).toContain('placeholder');
      }
    } else {
      expect(secrets.map((s) => s.metadata.name)).toEqual([]);
      const guide = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
      for (const name of referenced) expect(guide).toContain(name);
    }
  });

  test('the gateway and every service share GATEWAY_SECRET from one Secret; no service believes X-Forwarded-For on its own', () => {
    const refs = apps.map(({ name }) => ({ name, ref: (mainContainer(name).env ?? []).find((e) => e.name === 'GATEWAY_SECRET')?.valueFrom?.secretKeyRef }));
    const secretName = refs[0].ref?.name;
    // A generated Secret's name carries a content hash, so a change rolls every pod that shares it.
    expect(secretName).toMatch(/^thunderprep-gateway-secret(-[a-z0-9]{10})?$/);
    for (const { name, ref } of refs) expect({ name, ref }).toEqual({ name, ref: { name: secretName, key: 'GATEWAY_SECRET' } });
    for (const { name } of serviceRegistry) expect({ name, trustProxy: environment(mainContainer(name)).TRUST_PROXY }).toEqual({ name, trustProxy: undefined });
    const secret = ofKind<K8sObject & { data: Record<string, string> }>(objects(), 'Secret').find((s) => s.metadata.name === secretName);
    if (overlay === 'dev') {
      const value = Buffer.from(secret!.data.GATEWAY_SECRET, 'base64').toString();
      expect(value.length).toBeGreaterThanOrEqual(32);
      expect(value).toContain('placeholder');
    } else {
      expect(secret).toBeUndefined();
      expect(readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8')).toContain('thunderprep-gateway-secret');
    }
  });

  test("the Job event-streams provisions the streams as streams-admin with this release's kit; it reaches NATS and nothing else", () => {
    const job = named<IJob>(objects(), 'Job', 'event-streams');
    const container = job.spec!.template.spec!.containers[0];
    expect(container.command).toEqual(['node', 'libs/service-kit/dist/events/provision-streams.js']);
    // The same image (and tag) as identity's Deployment: the registry of this release.
    expect(container.image).toBe(mainContainer('identity').image);
    expect(environment(container).NATS_USER).toBe(natsAdministrator);
    const secret = (container.envFrom ?? []).find((s) => s.secretRef)!.secretRef!.name!;
    expect(secret).toMatch(/^event-streams-secrets(-[a-z0-9]{10})?$/);
    if (overlay === 'dev') expect(ofKind(objects(), 'Secret').map((s) => s.metadata.name)).toContain(secret);
    else expect(readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8')).toContain('event-streams-secrets');
    // Finished Jobs go, so the next release's apply runs it again.
    expect(job.spec!.ttlSecondsAfterFinished).toBeGreaterThan(0);
    const from = pod(namespace(), job.spec!.template.metadata!.labels!);
    expect(allowed(policies(), from, { ip: '10.20.0.5' }, 4222)).toBe(true);
    expect(allowed(policies(), from, { ip: '10.20.0.5' }, 5432)).toBe(false);
    expect(allowed(policies(), from, podOf('identity'), 8101)).toBe(false);
  });

  test('each service logs in as itself: its NATS user, and (dev) its own Postgres role, NATS password and signing-key key', () => {
    const secretData = (name: string) => {
      const secret = ofKind<K8sObject & { data: Record<string, string> }>(objects(), 'Secret').find((s) => s.metadata.name.startsWith(`${name}-secrets`))!;
      return Object.fromEntries(Object.entries(secret.data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    };
    for (const { name } of serviceRegistry) {
      expect(environment(mainContainer(name)).NATS_USER).toBe(name);
      if (overlay !== 'dev') continue;
      const data = secretData(name);
      expect(new URL(data.DATABASE_URL).username).toBe(name);
      expect(data.NATS_PASSWORD).toContain('placeholder');
    }
    if (overlay === 'dev') expect(Buffer.from(secretData('identity').SIGNING_KEY_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
  });

  test('every ConfigMap a pod names is rendered', () => {
    const configMaps = new Set(ofKind(objects(), 'ConfigMap').map((c) => c.metadata.name));
    for (const workload of workloads()) {
      const spec = podTemplate(workload)!.spec!;
      for (const container of spec.containers) {
        for (const source of container.envFrom ?? []) if (source.configMapRef) expect(configMaps).toContain(source.configMapRef.name);
      }
      for (const volume of spec.volumes ?? []) if (volume.configMap) expect(configMaps).toContain(volume.configMap.name);
    }
  });
});

describe('prod-self-hosted: NATS and Postgres inside the cluster', () => {
  const objects = () => rendered.get('prod-self-hosted')!;
  const policies = () => ofKind<INetworkPolicy>(objects(), 'NetworkPolicy');

  test('a JetStream cluster of three servers, and the streams provisioned on it with three replicas', () => {
    const nats = named<IStatefulSet>(objects(), 'StatefulSet', 'nats');
    expect(nats.spec!.replicas).toBe(3);
    const config = named<IConfigMap>(objects(), 'ConfigMap', 'nats-config').data!['nats.conf'];
    expect(config).toMatch(/jetstream\s*{/);
    expect(config.match(/nats:\/\/nats-\d\.nats-cluster:6222/g)).toHaveLength(3);
    const job = named<IJob>(objects(), 'Job', 'event-streams');
    const env = Object.fromEntries((job.spec!.template.spec!.containers[0].env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({ NATS_URL: 'nats://nats:4222', EVENT_STREAM_REPLICAS: '3', NATS_USER: natsAdministrator });
    const natsPod = pod('thunderprep', nats.spec!.template.metadata!.labels!);
    expect(allowed(policies(), pod('thunderprep', job.spec!.template.metadata!.labels!), natsPod, 4222)).toBe(true);
  });

  test("NATS has the registry's users (accounts.conf is what `npm run admin -- nats-accounts` writes), each password from its service's Secret", () => {
    const nats = named<IStatefulSet>(objects(), 'StatefulSet', 'nats');
    expect(named<IConfigMap>(objects(), 'ConfigMap', 'nats-config').data!['nats.conf']).toContain('include ./accounts/accounts.conf');
    const volume = nats.spec!.template.spec!.volumes!.find((v) => v.name === 'accounts')!;
    const accounts = named<IConfigMap>(objects(), 'ConfigMap', volume.configMap!.name!).data!['accounts.conf'];
    expect(accounts).toBe(
      natsAccountsConfig({
        services: serviceRegistry.map((s) => ({ ...s, password: { env: natsPasswordVariable(s.name) } })),
        administrator: { user: natsAdministrator, password: { env: natsPasswordVariable(natsAdministrator) } },
        listeners: [{ user: natsGatewayListener, password: { env: natsPasswordVariable(natsGatewayListener) } }],
      }),
    );
    expect(nats.spec!.template.spec!.containers[0].volumeMounts).toContainEqual({ name: 'accounts', mountPath: '/etc/nats/accounts' });
    const env = Object.fromEntries((nats.spec!.template.spec!.containers[0].env ?? []).map((e) => [e.name, e]));
    for (const { name } of serviceRegistry) {
      expect(env[natsPasswordVariable(name)].valueFrom!.secretKeyRef).toEqual({ name: `${name}-secrets`, key: 'NATS_PASSWORD' });
    }
    expect(env[natsPasswordVariable(natsAdministrator)].valueFrom!.secretKeyRef).toEqual({ name: 'event-streams-secrets', key: 'NATS_PASSWORD' });
    expect(env[natsPasswordVariable(natsGatewayListener)].valueFrom!.secretKeyRef).toEqual({ name: 'gateway-secrets', key: 'NATS_PASSWORD' });
  });

  test('a CloudNativePG cluster of three instances, with a role and a schema of its own per service', () => {
    type Cluster = K8sObject & {
      spec: {
        instances: number;
        bootstrap: { initdb: { postInitApplicationSQL: string[] } };
        managed: { roles: Array<{ name: string; login: boolean; passwordSecret: { name: string } }> };
      };
    };
    const cluster = named<Cluster>(objects(), 'Cluster', 'thunderprep-pg');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBe(3);
    const sql = cluster.spec.bootstrap.initdb.postInitApplicationSQL;
    expect(sql).toContain('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    // What the launcher's superuser makes before the roles: the services' roles cannot.
    expect(sql).toEqual(expect.arrayContaining(serviceExtensionsSql));
    for (const { name } of serviceRegistry) {
      expect(sql).toEqual(
        expect.arrayContaining([`CREATE ROLE ${name} LOGIN`, `CREATE SCHEMA ${name} AUTHORIZATION ${name}`, `REVOKE ALL ON SCHEMA ${name} FROM PUBLIC`]),
      );
    }
    expect(cluster.spec.managed.roles.map((r) => [r.name, r.login, r.passwordSecret.name])).toEqual(
      serviceRegistry.map((s) => [s.name, true, `${s.name}-db-role`]),
    );
  });

  test.each(serviceRegistry.map((s) => s.name))('%s uses them, and the network lets it', (name) => {
    const container = named<IDeployment>(objects(), 'Deployment', name).spec!.template.spec!.containers[0];
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]));
    expect(env.NATS_URL.value).toBe('nats://nats:4222');
    // Its own role's DATABASE_URL comes from its Secret; nothing overrides it with a shared one.
    expect(env.DATABASE_URL).toBeUndefined();
    const from: Endpoint = pod('thunderprep', named<IDeployment>(objects(), 'Deployment', name).spec!.template.metadata!.labels!);
    const natsPod = pod('thunderprep', named<IStatefulSet>(objects(), 'StatefulSet', 'nats').spec!.template.metadata!.labels!);
    const pgPod = pod('thunderprep', { 'cnpg.io/cluster': 'thunderprep-pg' });
    expect(allowed(policies(), from, natsPod, 4222)).toBe(true);
    expect(allowed(policies(), from, pgPod, 5432)).toBe(true);
    expect(allowed(policies(), from, natsPod, 6222)).toBe(false);
  });

  test('the NATS servers reach each other on the cluster port; the gateway hears ended sessions there as its listener user, and reaches no database', () => {
    const natsPod = pod('thunderprep', named<IStatefulSet>(objects(), 'StatefulSet', 'nats').spec!.template.metadata!.labels!);
    expect(allowed(policies(), natsPod, natsPod, 6222)).toBe(true);
    const deployment = named<IDeployment>(objects(), 'Deployment', 'gateway');
    const env = Object.fromEntries((deployment.spec!.template.spec!.containers[0].env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({ NATS_URL: 'nats://nats:4222', NATS_USER: natsGatewayListener });
    const gateway = pod('thunderprep', deployment.spec!.template.metadata!.labels!);
    expect(allowed(policies(), gateway, natsPod, 4222)).toBe(true);
    expect(allowed(policies(), gateway, natsPod, 6222)).toBe(false);
    expect(allowed(policies(), gateway, pod('thunderprep', { 'cnpg.io/cluster': 'thunderprep-pg' }), 5432)).toBe(false);
  });
});
