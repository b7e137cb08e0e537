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

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
const asArray = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);

/** Every controller of a module and the modules it imports, read from Nest metadata without starting anything. */
export function controllersOf(root: Type<unknown> | DynamicModule): Array<Type<unknown>> {
  const controllers: Array<Type<unknown>> = [];
  const seen = new Set<unknown>();
  const visit = (entry: Type<unknown> | DynamicModule | Promise<DynamicModule> | undefined) => {
    if (!entry || entry instanceof Promise || seen.has(entry)) return;
    seen.add(entry);
    const dynamic = 'module' in entry ? (entry as DynamicModule) : undefined;
    const type = dynamic ? dynamic.module : (entry as Type<unknown>);
    const read = (key: string): unknown[] => [
      ...((Reflect.getMetadata(key, type) as unknown[]) ?? []),
      ...(((dynamic as Record<string, unknown> | undefined)?.[key] as unknown[]) ?? []),
    ];
    controllers.push(...(read(MODULE_METADATA.CONTROLLERS) as Array<Type<unknown>>));
    for (const imported of read(MODULE_METADATA.IMPORTS) as Array<Type<unknown> | DynamicModule>) visit(imported);
  };
  visit(root);
  return controllers;
}

/** The methods of a controller, by name. */
export const handlersOf = (controller: Type<unknown>): Array<[name: string, handler: object]> =>
  Object.getOwnPropertyNames(controller.prototype)
    .filter((name) => name !== 'constructor' && typeof (controller.prototype as Record<string, unknown>)[name] === 'function')
    .map((name) => [name, (controller.prototype as Record<string, object>)[name]]);

/** Every HTTP route a service module serves: what the route/declaration consistency test compares with libs/contracts. */
export function routesOf(root: Type<unknown> | DynamicModule): ImplementedRoute[] {
  return controllersOf(root).flatMap((controller) =>
    handlersOf(controller).flatMap(([name, handler]) => {
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) return [];
      return asArray(Reflect.getMetadata(PATH_METADATA, controller)).flatMap((prefix) =>
        asArray(Reflect.getMetadata(PATH_METADATA, handler)).map((path) => ({
          method: RequestMethod[method],
          path: join(prefix, path),
          handler: `${controller.name}.${name}`,
          endpoint: Reflect.getMetadata(ENDPOINT_METADATA, handler) as EndpointSpec | undefined,
        })),
      );
    }),
  );
}
