import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';

type ILabelSelector = NonNullable<INetworkPolicy['spec']>['podSelector'];

export const repoRoot = path.resolve(__dirname, '..', '..');
export const k8sDir = path.join(repoRoot, 'deploy', 'k8s');
export const overlayNames = readdirSync(path.join(k8sDir, 'overlays')).sort();

/** A rendered object: every kind has these; the rest is read through the kind's own type. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

const kubectl = process.env.KUBECTL ?? 'kubectl';
const installHint =
  'The manifest checks render the overlays with `kubectl kustomize` (kubectl >= 1.27, kustomize >= v5). Install kubectl: ' +
  'on Debian/Ubuntu from the Kubernetes package repository (apt-get install kubectl; see .ci/run), or set KUBECTL to its path.';

/** Fails with what to install when kubectl is missing or its kustomize predates `components` and `labels`. */
export function checkKubectl(): void {
  let out: string;
  try {
    out = execFileSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  } catch (err) {
    throw new Error(`${installHint}\n(${(err as Error).message.split('\n')[0]})`, { cause: err });
  }
  const version = (JSON.parse(out) as { kustomizeVersion?: string }).kustomizeVersion ?? 'unknown';
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  if (major < 5) throw new Error(`kubectl's kustomize is ${version}; these overlays need v5 or later. ${installHint}`);
}

/** `kubectl kustomize` of one directory, parsed; a YAML error or a failed render throws. */
export function render(dir: string): K8sObject[] {
  const out = execFileSync(kubectl, ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(out).map((doc) => {
    if (doc.errors.length) throw new Error(`${dir}: ${doc.errors[0].message}`);
    const object = doc.toJS() as K8sObject;
    // kustomize wraps long base64 values over lines; the API server's decoder skips line breaks.
    if (object.kind === 'Secret' && object.data) {
      object.data = Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\n/g, '')]));
    }
    return object;
  });
}

/** Custom resources the schema set does not know, with the fields this project relies on. */
const customResources: Record<string, (object: K8sObject) => string[]> = {
  'postgresql.cnpg.io/v1/Cluster': (object) => {
    const spec = object.spec as { instances?: unknown; storage?: { size?: unknown } } | undefined;
    const problems: string[] = [];
    if (typeof spec?.instances !== 'number') problems.push('spec.instances must be a number');
    if (typeof spec?.storage?.size !== 'string') problems.push('spec.storage.size must be a quantity');
    return problems;
  },
};

/**
 * Validates against the Kubernetes OpenAPI schemas shipped in kubernetes-models (no network): types,
 * required fields and formats, then no field the API does not define.
 */
export function schemaProblems(object: K8sObject): string[] {
  const key = `${object.apiVersion}/${object.kind}`;
  if (customResources[key]) return customResources[key](object);
  let Model: new (data: unknown) => { validate(): void };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Model = require(`kubernetes-models/${object.apiVersion}/${object.kind}`)[object.kind];
  } catch {
    return [`${key} is not a kind of the Kubernetes API known to the schemas`];
  }
  const problems: string[] = [];
  try {
    new Model(object).validate();
  } catch (err) {
    problems.push((err as Error).message);
  }
  objectFields(object, declarationOf(require.resolve(`kubernetes-models/${object.apiVersion}/${object.kind}`))!, '', problems);
  return problems;
}

/**
 * One interface of the kubernetes-models declarations: its properties' types, and where the names
 * those types use are declared. Read by parsing the .d.ts files only (no type checking: fast).
 */
interface Declared {
  properties: Map<string, ts.TypeNode>;
  imports: Map<string, string>;
}
const declared = new Map<string, Declared | undefined>();

function declarationOf(jsFile: string): Declared | undefined {
  if (declared.has(jsFile)) return declared.get(jsFile);
  const source = ts.createSourceFile(jsFile, readFileSync(jsFile.replace(/\.js$/, '.d.ts'), 'utf8'), ts.ScriptTarget.ES2022);
  const imports = new Map<string, string>();
  let properties: Map<string, ts.TypeNode> | undefined;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      if (specifier.startsWith('@kubernetes-models/base')) continue;
      const file = require.resolve(specifier, { paths: [path.dirname(jsFile)] });
      for (const element of statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)
        ? statement.importClause.namedBindings.elements
        : []) {
        imports.set(element.name.text, file);
      }
    }
    if (ts.isInterfaceDeclaration(statement) && !properties) {
      properties = new Map();
      for (const member of statement.members) {
        if (ts.isPropertySignature(member) && member.type && (ts.isStringLiteral(member.name) || ts.isIdentifier(member.name))) {
          properties.set(member.name.text, member.type);
        }
      }
    }
  }
  const result = properties && { properties, imports };
  declared.set(jsFile, result);
  return result;
}

/** Fields the API does not define (a misspelt one would be dropped or refused by a strict apply). */
function unknownFields(value: unknown, type: ts.TypeNode, scope: Declared, at: string, problems: string[]): void {
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    if (name === 'Array' && Array.isArray(value)) {
      value.forEach((item, i) => unknownFields(item, type.typeArguments![0], scope, `${at}[${i}]`, problems));
      return;
    }
    const file = scope.imports.get(name);
    const target = file && declarationOf(file);
    if (target) objectFields(value, target, at, problems);
  } else if (ts.isTypeLiteralNode(type) && value && typeof value === 'object') {
    const index = type.members.find(ts.isIndexSignatureDeclaration);
    if (index) for (const [key, item] of Object.entries(value)) unknownFields(item, index.type, scope, `${at}.${key}`, problems);
  }
}

function objectFields(value: unknown, target: Declared, at: string, problems: string[]): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const type = target.properties.get(key);
    if (!type) problems.push(`${at ? `${at}.` : ''}${key} is not a field of the API`);
    else unknownFields(item, type, target, at ? `${at}.${key}` : key, problems);
  }
}

export const ofKind = <T>(objects: K8sObject[], kind: string): Array<K8sObject & T> => objects.filter((o) => o.kind === kind) as Array<K8sObject & T>;

export const named = <T>(objects: K8sObject[], kind: string, name: string): K8sObject & T => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found as K8sObject & T;
};

/** The pod template of a Deployment, StatefulSet, DaemonSet or Job. */
export const podTemplate = (object: K8sObject): IPodTemplateSpec | undefined => (object.spec as { template?: IPodTemplateSpec } | undefined)?.template;

export function selectorMatches(selector: ILabelSelector | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** One end of a connection: a pod (its namespace, the namespace's labels, its labels) or an address. */
export type Endpoint = { pod: { namespace: string; namespaceLabels: Record<string, string>; labels: Record<string, string> } } | { ip: string };

export const pod = (namespace: string, labels: Record<string, string>): Endpoint => ({
  pod: { namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, labels },
});

const ipv4 = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inCidr = (ip: string, cidr: string) => {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
};

function peerMatches(peer: INetworkPolicyPeer, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) {
    return 'ip' in other && inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(other.ip, c));
  }
  if (!('pod' in other)) return false;
  const namespaceOk = peer.namespaceSelector ? selectorMatches(peer.namespaceSelector, other.pod.namespaceLabels) : other.pod.namespace === policyNamespace;
  return namespaceOk && (!peer.podSelector || selectorMatches(peer.podSelector, other.pod.labels));
}

const portMatches = (ports: INetworkPolicyPort[] | undefined, port: number, protocol: string) =>
  !ports?.length ||
  ports.some(
    (p) =>
      (p.protocol ?? 'TCP') === protocol &&
      (p.port === undefined || p.port === port || (p.endPort !== undefined && typeof p.port === 'number' && port >= p.port && port <= p.endPort)),
  );

/**
 * Whether the NetworkPolicies let `from` open a connection to `to` on `port`, as a policy-enforcing
 * network plugin decides: the sender's egress and the receiver's ingress must both allow it, and a
 * pod no policy selects (for that direction) is unrestricted.
 */
export function allowed(policies: INetworkPolicy[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  const selecting = (end: Endpoint, type: 'Ingress' | 'Egress') =>
    'pod' in end
      ? policies.filter(
          (p) =>
            p.metadata?.namespace === end.pod.namespace &&
            (p.spec?.policyTypes ?? ['Ingress']).includes(type) &&
            selectorMatches(p.spec?.podSelector, end.pod.labels),
        )
      : [];
  const egress = selecting(from, 'Egress');
  const egressOk =
    !egress.length ||
    egress.some((p) =>
      (p.spec?.egress ?? []).some(
        (rule) => (!rule.to?.length || rule.to.some((peer) => peerMatches(peer, p.metadata!.namespace!, to))) && portMatches(rule.ports, port, protocol),
      ),
    );
  const ingress = selecting(to, 'Ingress');
  const ingressOk =
    !ingress.length ||
    ingress.some((p) =>
      (p.spec?.ingress ?? []).some(
        (rule) => (!rule.from?.length || rule.from.some((peer) => peerMatches(peer, p.metadata!.namespace!, from))) && portMatches(rule.ports, port, protocol),
      ),
    );
  return egressOk && ingressOk;
}
