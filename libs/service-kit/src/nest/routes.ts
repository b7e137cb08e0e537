import { DynamicModule, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { EndpointSpec } from '@app/contracts';
import { ENDPOINT_METADATA } from './endpoint';

export interface ImplementedRoute {
  method: string;
  /** Express-style, with a leading slash: `/api/leetcode-questions/:id`. */
  path: string;
  handler: string;
  endpoint?: EndpointSpec;
}

const join = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
const asArray = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);

/**
 * Every HTTP route a service module serves, read from its Nest metadata without starting it: what
 * the route/declaration consistency test compares with libs/contracts.
 */
export function routesOf(root: Type<unknown> | DynamicModule): ImplementedRoute[] {
  const routes: ImplementedRoute[] = [];
  const seen = new Set<unknown>();
  const visit = (entry: Type<unknown> | DynamicModule | Promise<DynamicModule> | undefined) => {
    if (!entry || entry instanceof Promise || seen.has(entry)) return;
    seen.add(entry);
    const dynamic = 'module' in entry ? (entry as DynamicModule) : undefined;
    const type = dynamic ? dynamic.module : (entry as Type<unknown>);
    const read = (key: string): unknown[] => [...((Reflect.getMetadata(key, type) as unknown[]) ?? []), ...(((dynamic as Record<string, unknown> | undefined)?.[key] as unknown[]) ?? [])];
    for (const controller of read(MODULE_METADATA.CONTROLLERS) as Array<Type<unknown>>) {
      const base = asArray(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        for (const prefix of base) {
          for (const path of asArray(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({ method: RequestMethod[method], path: join(prefix, path), handler: `${controller.name}.${name}`, endpoint: Reflect.getMetadata(ENDPOINT_METADATA, handler) });
          }
        }
      }
    }
    for (const imported of read(MODULE_METADATA.IMPORTS) as Array<Type<unknown> | DynamicModule>) visit(imported);
  };
  visit(root);
  return routes;
}
