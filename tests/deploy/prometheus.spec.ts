import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { allowed, checkKubectl, k8sDir, K8sObject, ofKind, pod, podTemplate, render, schemaProblems } from './manifests';

/** The prod overlay with the Prometheus component added, as an operator with Prometheus would deploy it. */
function renderWithPrometheus(): K8sObject[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'overlay-prometheus-'));
  try {
    writeFileSync(
      path.join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        `resources: [${path.relative(dir, path.join(k8sDir, 'overlays', 'prod'))}]`,
        `components: [${path.relative(dir, path.join(k8sDir, 'components', 'prometheus'))}]`,
      ].join('\n'),
    );
    return render(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Prometheus component', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    checkKubectl();
    objects = renderWithPrometheus();
  });

  it('gives every service and the gateway METRICS_PORT 9464, a named container port and the scrape annotations', () => {
    const config = ofKind<IConfigMap>(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('thunderprep-config'));
    expect(config?.data?.METRICS_PORT).toBe('9464');
    const workloads = ofKind(objects, 'Deployment');
    expect(workloads.map((d) => d.metadata.name).sort()).toEqual(['community', 'gateway', 'identity', 'interviews', 'practice', 'profile', 'voice']);
    for (const deployment of workloads) {
      const template = podTemplate(deployment)!;
      expect(template.metadata?.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' });
      expect(template.spec!.containers[0].ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
      expect(template.spec!.containers[0].envFrom).toContainEqual({ configMapRef: { name: config!.metadata.name } });
    }
  });

  it('renders valid objects, and a PodMonitor that scrapes the metrics port of each pod', () => {
    for (const object of objects.filter((o) => o.kind !== 'PodMonitor'))
      expect([object.kind, object.metadata.name, schemaProblems(object)]).toEqual([object.kind, object.metadata.name, []]);
    const [monitor] = ofKind<{ spec: { podMetricsEndpoints: Array<{ port: string; path: string }> } }>(objects, 'PodMonitor');
    expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(monitor.metadata.namespace).toBe('thunderprep');
    expect(monitor.spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
  });

  it('lets only the monitoring namespace reach the metrics port, and nothing more of the pods', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const prometheus = pod('monitoring', { 'app.kubernetes.io/name': 'prometheus' });
    const elsewhere = pod('tenant', { 'app.kubernetes.io/name': 'prometheus' });
    for (const deployment of ofKind(objects, 'Deployment')) {
      const template = podTemplate(deployment)!;
      const target = pod('thunderprep', template.metadata!.labels!);
      const publicPort = template.spec!.containers[0].ports!.find((p) => p.name === 'http')!.containerPort;
      expect([deployment.metadata.name, allowed(policies, prometheus, target, 9464)]).toEqual([deployment.metadata.name, true]);
      expect([deployment.metadata.name, allowed(policies, elsewhere, target, 9464)]).toEqual([deployment.metadata.name, false]);
      if (deployment.metadata.name !== 'gateway')
        expect([deployment.metadata.name, allowed(policies, prometheus, target, publicPort)]).toEqual([deployment.metadata.name, false]);
    }
  });
});
