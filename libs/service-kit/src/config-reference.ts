import { serviceEntry } from '@app/contracts';
import { z } from 'zod';
import { baseConfigShape, sharedConfigShape } from './config';
import { provisioningConfigShape } from './events/provisioning';

/** What the page needs of a service: its definition (ServiceDefinition) has these. */
export interface ConfiguredService {
  name: string;
  config?: z.ZodRawShape;
  defaults?: Record<string, string>;
}

/** A variable as the schema declares it: `.describe()` text, and `.meta({ defaultText })` where the default is not a fixed value. */
interface Variable {
  description?: string;
  defaultText?: string;
  hasDefault: boolean;
  defaultValue?: unknown;
  optional: boolean;
  allowed?: string;
}

type Schema = z.core.$ZodType;
type Check = { _zod: { def: Record<string, unknown> } };

const metaOf = (schema: Schema) => z.globalRegistry.get(schema) as { description?: string; defaultText?: string } | undefined;

function checkText(check: Check): string | undefined {
  const def = check._zod.def;
  const message = typeof def.error === 'function' ? (def.error as () => unknown)() : undefined;
  switch (def.check) {
    case 'min_length':
      return def.minimum === 1 ? 'not empty' : `at least ${def.minimum} characters`;
    case 'string_format':
      if (def.format === 'url') return def.protocol ? `${String(def.protocol) === '/^https?$/' ? 'http(s)' : String(def.protocol)} URL` : 'URL';
      if (def.format === 'regex') return typeof message === 'string' ? message : `matches ${String(def.pattern)}`;
      return String(def.format);
    default:
      return undefined;
  }
}

function numberText(def: Record<string, unknown>): string {
  let kind = 'number';
  let min: string | undefined;
  let max: string | undefined;
  for (const check of (def.checks ?? []) as Check[]) {
    const c = check._zod.def;
    if (c.check === 'number_format' && String(c.format).includes('int')) kind = 'integer';
    if (c.check === 'greater_than') min = `${c.inclusive ? '≥' : '>'} ${c.value}`;
    if (c.check === 'less_than') max = `${c.inclusive ? '≤' : '<'} ${c.value}`;
  }
  const range = min?.startsWith('≥') && max?.startsWith('≤') ? `${min.slice(2)}–${max.slice(2)}` : [min, max].filter(Boolean).join(', ');
  return range ? `${kind} ${range}` : kind;
}

/** Walks wrappers (default, optional, preprocess, pipes) down to what the value must be. */
function walk(schema: Schema, variable: Variable): void {
  const meta = metaOf(schema);
  variable.description ??= meta?.description;
  variable.defaultText ??= meta?.defaultText;
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = def.innerType as Schema;
  const setAllowed = (text: string | undefined) => {
    if (text) variable.allowed = text;
  };
  switch (def.type) {
    case 'default':
    case 'prefault':
      if (!variable.hasDefault) Object.assign(variable, { hasDefault: true, defaultValue: def.defaultValue });
      return walk(inner, variable);
    case 'optional':
    case 'nullable':
      if (def.type === 'optional') variable.optional = true;
      return walk(inner, variable);
    case 'pipe': {
      // A preprocess is a transform piped into the schema; a .transform() is the schema piped into one.
      const [from, to] = [def.in as Schema, def.out as Schema];
      if (from._zod.def.type !== 'transform') walk(from, variable);
      if (to._zod.def.type !== 'transform') walk(to, variable);
      return;
    }
    case 'number':
      return setAllowed(numberText(def));
    case 'boolean':
      return setAllowed('`true`, `false`');
    case 'enum':
      return setAllowed(
        Object.values(def.entries as Record<string, string>)
          .map((v) => `\`${v}\``)
          .join(', '),
      );
    case 'string': {
      const texts = [checkText({ _zod: { def } }), ...((def.checks ?? []) as Check[]).map(checkText)].filter(Boolean);
      return setAllowed(texts.join('; ') || undefined);
    }
    case 'array': {
      const item: Variable = { hasDefault: false, optional: false };
      walk(def.element as Schema, item);
      const each = item.allowed?.startsWith('each ') ? item.allowed : item.allowed && `each: ${item.allowed}`;
      return setAllowed(`comma-separated list${each ? `; ${each}` : ''}`);
    }
    default:
      return;
  }
}

function describeVariable(schema: Schema): Variable {
  const variable: Variable = { hasDefault: false, optional: false };
  walk(schema, variable);
  return variable;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function defaultCell(v: Variable): string {
  if (v.defaultText) return v.defaultText;
  if (v.hasDefault) {
    const value = v.defaultValue;
    if (value === '' || (Array.isArray(value) && value.length === 0)) return 'unset';
    return `\`${String(value)}\``;
  }
  return v.optional ? 'unset' : '**required**';
}

function table(shape: z.ZodRawShape, names: string[]): string[] {
  const lines = ['| variable | default | allowed | what it does |', '| --- | --- | --- | --- |'];
  for (const name of names) {
    const v = describeVariable(shape[name] as Schema);
    if (!v.description) throw new Error(`${name} has no description: add .describe('…') to its schema`);
    lines.push(`| \`${name}\` | ${cell(defaultCell(v))} | ${cell(v.allowed ?? 'text')} | ${cell(v.description)} |`);
  }
  return lines;
}

/** The variables of `shape` that are its own, not the same schema as `common`'s. */
const ownNames = (shape: z.ZodRawShape, common: z.ZodRawShape) => Object.keys(shape).filter((name) => shape[name] !== common[name]);

/**
 * docs/configuration.md, made from the config schemas: every variable the gateway and each service
 * read, with its default, what it accepts and what it does. A test keeps the file equal to this
 * (`npm run docs:config` writes it), so the page cannot drift from what the processes check.
 */
export function configurationMarkdown(gateway: z.ZodRawShape, services: readonly ConfiguredService[]): string {
  const shared = Object.keys(sharedConfigShape);
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from the config schemas by `npm run docs:config`; a test fails when it is out of date. Do not edit by hand. -->',
    '',
    'Every variable the gateway and each service read from the environment, from their schemas',
    '(libs/service-kit/src/config.ts, apps/gateway/src/config.ts, services/<name>/src/config.ts). Each process',
    'checks them at start-up: a bad or missing value stops it with a message naming every offending variable.',
    '`npm start` sets what the embedded stack needs itself; its own variables are in the README.',
    '',
    '## The gateway and every service',
    '',
    ...table(sharedConfigShape, shared),
    '',
    '## Every service',
    '',
    ...table(baseConfigShape, ownNames(baseConfigShape, sharedConfigShape)),
    '',
    '## gateway',
    '',
    ...table(gateway, ownNames(gateway, sharedConfigShape)),
    '',
    '## Event stream provisioning',
    '',
    'The launcher, the Kubernetes job `event-streams` and `npm run admin -- provision-streams` create the streams from the registry;',
    'a service only checks them at start. Besides the `NATS_*` and `EVENT_SUBJECT_PREFIX` variables above:',
    '',
    ...table(provisioningConfigShape, ownNames(provisioningConfigShape, baseConfigShape)),
  ];
  for (const service of services) {
    lines.push('', `## ${service.name}`, '');
    const port = serviceEntry(service.name)?.port;
    const defaults = Object.entries(service.defaults ?? {}).map(([name, value]) => `\`${name}\` \`${value}\``);
    lines.push(`Default \`PORT\`: \`${port}\`${defaults.length ? `; its defaults for the variables above: ${defaults.join(', ')}` : ''}.`);
    const own = service.config ? ownNames(service.config, baseConfigShape) : [];
    lines.push('', ...(own.length ? table(service.config as z.ZodRawShape, own) : ['Nothing of its own.']));
  }
  return `${lines.join('\n')}\n`;
}
