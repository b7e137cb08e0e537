import { allEndpoints } from '../api';
import { errorStatus } from '../errors';
import type { ServiceName } from '../registry';
import type { EndpointSpec } from './endpoint';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** `none` with a 401 among the errors: the service checks the caller itself (identity's own tokens, a webhook's secret). */
const auth = (spec: EndpointSpec) =>
  spec.auth === 'optional' ? 'optional' : spec.auth !== 'none' ? 'token' : spec.errors.includes('unauthorized') ? 'its own check' : 'none';

const answer = (spec: EndpointSpec) => {
  const success = `${spec.status}${spec.headers ? ` (${Object.keys(spec.headers).join(', ')})` : ''}`;
  const errors = [...new Set(spec.errors)].map((code) => `${errorStatus[code]} ${code}`).join(', ');
  return errors ? `${success}; ${errors}` : success;
};

/**
 * docs/api-reference.md, made from the endpoint declarations: every call of every service with its
 * auth, answers and what it does. A test keeps the file equal to this (`npm run docs:api` writes it),
 * so the page cannot drift from what the services serve.
 */
export function apiReferenceMarkdown(): string {
  const byService = new Map<ServiceName, EndpointSpec[]>();
  for (const { service, endpoint } of allEndpoints()) byService.set(service, [...(byService.get(service) ?? []), endpoint]);
  const lines = [
    '# API reference',
    '',
    '<!-- Generated from libs/contracts/src/api by `npm run docs:api`; a test fails when it is out of date. Do not edit by hand. -->',
    '',
    'Every call each service serves, from its declaration: auth (`token`: a valid bearer token, checked by the',
    'gateway and the service; `optional`: anonymous allowed; `its own check`: the service authenticates the caller',
    'itself, e.g. identity its tokens or a webhook its secret; `none`: anyone), the success status (with the',
    'response headers worth knowing)',
    'and every error it can answer besides 500. Shapes and conventions: [api-contract.md](api-contract.md);',
    'the schemas themselves: `/api/openapi.json` and `/api/docs` on a running app. `internal` calls are for',
    'the platform itself: the gateway never routes them.',
  ];
  for (const [service, endpoints] of byService) {
    lines.push('', `## ${service}`, '', '| call | auth | answers | what it does |', '| --- | --- | --- | --- |');
    for (const spec of endpoints) {
      const call = `${spec.method} ${spec.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}${spec.visibility === 'internal' ? ' (internal)' : ''}`;
      const what = spec.description ? `${spec.summary}. ${spec.description}` : spec.summary;
      lines.push(`| ${cell(call)} | ${auth(spec)} | ${cell(answer(spec))} | ${cell(what)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
