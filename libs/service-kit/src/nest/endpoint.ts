import { applyDecorators, createParamDecorator, ExecutionContext, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { EndpointSpec, fieldErrors } from '@app/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { OptionalAuth, Public } from './auth.guard';
import { notFound, validationFailed } from '../errors';
import type { RawBodyRequest } from '../http/middleware';

export const ENDPOINT_METADATA = 'service-kit:endpoint';

/**
 * Serves a handler at the declared endpoint of libs/contracts: method, path, success status and
 * auth come from the declaration, and @ParsedParams/@ParsedQuery/@ParsedBody read the request through its schemas.
 */
export function Endpoint(spec: EndpointSpec): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: spec.path, method: RequestMethod[spec.method] }),
    HttpCode(spec.status),
    SetMetadata(ENDPOINT_METADATA, spec),
    ...(spec.auth === 'none' ? [Public()] : spec.auth === 'optional' ? [OptionalAuth()] : []),
  );
}

const declarationOf = (context: ExecutionContext): EndpointSpec => {
  const spec = Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as EndpointSpec | undefined;
  if (!spec) throw new Error(`${context.getClass().name}.${context.getHandler().name} has no @Endpoint declaration`);
  return spec;
};

function parsePart(context: ExecutionContext, part: 'params' | 'query' | 'body'): unknown {
  const spec = declarationOf(context);
  const schema = spec[part] as z.ZodType | undefined;
  if (!schema) throw new Error(`${spec.id} declares no ${part}`);
  const request = context.switchToHttp().getRequest<Request>();
  // No body at all reads as {}; a body of JSON null is checked as sent (an object was declared).
  const value: unknown = request[part];
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  // A path id that cannot exist names no record: 404, as for someone else's record.
  if (part === 'params') throw notFound(spec.notFound);
  throw validationFailed(fieldErrors(result.error));
}

/** The path parameters, parsed by the endpoint's `params` schema (a malformed one is a 404). */
export const ParsedParams = createParamDecorator((_data: unknown, context: ExecutionContext) => parsePart(context, 'params'));
/** The query, parsed by the endpoint's `query` schema (400 with the spec's messages). */
export const ParsedQuery = createParamDecorator((_data: unknown, context: ExecutionContext) => parsePart(context, 'query'));
/** The body, parsed by the endpoint's `body` schema (400 with the spec's messages). */
export const ParsedBody = createParamDecorator((_data: unknown, context: ExecutionContext) => parsePart(context, 'body'));

/**
 * The request body's bytes exactly as sent (an empty buffer without a body), for a signature over
 * them (a webhook's HMAC); still only JSON up to the kit's bound, parsed and checked by jsonBodies.
 */
export const RawBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Buffer => context.switchToHttp().getRequest<RawBodyRequest>().rawBody ?? Buffer.alloc(0),
);

/** What a handler receives: `Input<typeof api.createQuestion>['body']`. */
export type Input<E extends EndpointSpec> = {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : never;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : never;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : never;
};
/** What a handler answers: the declared response. */
export type Output<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.input<E['response']> : void;
