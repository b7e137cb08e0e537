import { z } from 'zod';
import { allEndpoints } from '../api';
import { errorCodes, errorEnvelopeSchema, errorStatus } from '../errors';
import { serviceRegistry } from '../registry';
import { pathParameterNames } from './address';
import type { EndpointSpec } from './endpoint';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say becomes `{}`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io });
  return rest;
}

const gotrueErrorSchema: JsonSchema = {
  type: 'object',
  properties: { code: { type: 'integer' }, error_code: { type: 'string' }, msg: { type: 'string' } },
  required: ['code', 'error_code', 'msg'],
};

const errorDescriptions: Record<string, string> = {
  400: 'The request failed its schema; `fields` names each field with the message to show',
  401: 'Token missing, malformed, badly signed, expired, or from another issuer or audience',
  402: 'Fewer credits than an interview costs',
  403: 'Signed in but not allowed',
  404: 'No such record, or one that belongs to someone else',
  409: 'Clashes with an existing record',
  413: 'Body over 100 KB',
  415: 'Body is not JSON',
  429: 'Too many requests; see Retry-After',
  503: 'A service behind the gateway is unavailable; retry shortly',
  500: 'Unexpected failure; no details are disclosed',
};

function operation(service: string, spec: EndpointSpec): JsonSchema {
  const errorRef = { $ref: spec.errorShape === 'gotrue' ? '#/components/schemas/GoTrueError' : '#/components/schemas/ErrorEnvelope' };
  const parameters: JsonSchema[] = [];
  const paramShape = spec.params ? (jsonSchema(spec.params, 'input').properties as Record<string, JsonSchema>) : {};
  for (const name of pathParameterNames(spec.path)) parameters.push({ name, in: 'path', required: true, schema: paramShape[name] ?? { type: 'string' } });
  if (spec.query) {
    const query = jsonSchema(spec.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema,
        ...(JSON.stringify(schema).includes('"array"') ? { style: 'form', explode: true } : {}),
      });
    }
  }
  const success: JsonSchema = { description: spec.status === 204 ? 'Done; no body' : 'Success' };
  if (spec.response) success.content = { 'application/json': { schema: jsonSchema(spec.response, 'output') } };
  if (spec.headers)
    success.headers = Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  const responses: Record<string, JsonSchema> = { [spec.status]: success };
  const codes = new Set([...spec.errors, 'internal' as const]);
  for (const code of errorCodes.filter((c) => codes.has(c))) {
    const status = String(errorStatus[code]);
    responses[status] ??= { description: errorDescriptions[status] ?? code, content: { 'application/json': { schema: errorRef } } };
  }
  return {
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [service],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } } : {}),
    responses,
    security: spec.auth === 'none' ? [] : spec.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }],
  };
}

/** The OpenAPI 3.1 document of every declared endpoint (served by the gateway at /api/openapi.json). */
export function openApiDocument(info: { title?: string; version?: string } = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { service, endpoint } of allEndpoints()) {
    if (endpoint.visibility === 'internal') continue;
    const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation(service, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'ThunderPrep API',
      version: info.version ?? '1.0.0',
      description: 'Generated from the endpoint declarations in libs/contracts.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    tags: serviceRegistry.map((s) => ({ name: s.name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output'), GoTrueError: gotrueErrorSchema },
    },
  };
}
