import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allEndpoints } from '../api';
import { errorStatus } from '../errors';
import { openApiDocument } from './openapi';

type Operation = {
  operationId: string;
  responses: Record<string, unknown>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  security: unknown[];
};
const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operationOf = (method: string, route: string) => document.paths[route.replace(/:([A-Za-z_]\w*)/g, '{$1}')]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (checked by an independent validator)', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // The validator is ESM-only: run its own CLI in a child process rather than through jest's require.
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const output = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
    expect(JSON.parse(output.slice(output.indexOf('{')))).toMatchObject({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every declared endpoint once, with its success and every error it can answer', () => {
    const published = allEndpoints().filter(({ endpoint }) => endpoint.visibility !== 'internal');
    for (const { endpoint } of published) {
      const operation = operationOf(endpoint.method, endpoint.path);
      expect(operation?.operationId).toBe(endpoint.id);
      const statuses = Object.keys(operation!.responses).sort();
      const expected = [...new Set([String(endpoint.status), ...endpoint.errors.map((c) => String(errorStatus[c])), '500'])].sort();
      expect({ id: endpoint.id, statuses }).toEqual({ id: endpoint.id, statuses: expected });
    }
    const operations = Object.values(document.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(published.length);
  });

  it('describes path parameters, queries and bodies from the schemas', () => {
    const logSession = operationOf('POST', '/api/leetcode-questions/:id/session')!;
    expect(logSession.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(logSession.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { correctness: expect.any(Object) } } } },
    });
    const interviews = operationOf('GET', '/api/candidate-interviews')!;
    expect(interviews.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['company_id', 'outcome', 'limit', 'cursor']));
    expect(operationOf('POST', '/api/contact-form')!.security).toEqual([{}, { bearer: [] }]);
  });
});
