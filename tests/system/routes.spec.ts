import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiByService, EndpointSpec, serviceRegistry } from '@app/contracts';
import { eventHandlersOf, routesOf, ServiceDefinition } from '@app/service-kit';

const root = path.resolve(__dirname, '../..');
const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const key = (method: string, route: string) => `${method} ${route}`;

/** The services of the registry that exist in this checkout (planned ones are declared, not built). */
const built = serviceRegistry.filter((s) => existsSync(path.join(root, 'services', s.name, 'src', 'index.ts')));

describe('every endpoint is declared once and served where it is declared', () => {
  it.each(built.map((s) => [s.name, s] as const))('%s serves exactly its declared endpoints, each through @Endpoint', (name, entry) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const definition = require(path.join(root, 'services', name, 'src'))[`${camel(name)}Service`] as ServiceDefinition;
    expect(definition?.name).toBe(name);
    const declared = Object.values(apiByService[entry.name as keyof typeof apiByService]) as EndpointSpec[];
    const routes = routesOf(definition.module);

    const implemented = routes.map((r) => key(r.method, r.path)).sort();
    const expected = declared.map((e) => key(e.method, e.path)).sort();
    expect({ service: name, routes: implemented }).toEqual({ service: name, routes: expected });
    // Served through its declaration, so validation, status and auth come from it.
    expect(routes.filter((r) => !r.endpoint || !declared.includes(r.endpoint)).map((r) => r.handler)).toEqual([]);
  });

  it.each(built.map((s) => [s.name, s] as const))('%s handles exactly the events the registry says it consumes, each with its own durable', (name, entry) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const definition = require(path.join(root, 'services', name, 'src'))[`${camel(name)}Service`] as ServiceDefinition;
    const handlers = eventHandlersOf(definition.module);
    expect({ service: name, consumes: [...new Set(handlers.map((h) => h.type))].sort() }).toEqual({ service: name, consumes: [...entry.consumes].sort() });
    const durables = handlers.map((h) => h.durable);
    expect(durables.every(Boolean) && new Set(durables).size === durables.length).toBe(true);
  });

  it("routes each public path to its service by the registry's prefixes, and no internal one", () => {
    const misrouted = serviceRegistry.flatMap((s) =>
      (Object.values(apiByService[s.name]) as EndpointSpec[])
        // Public endpoints under one of the service's prefixes; internal ones under none (never routed).
        .filter((e) => s.prefixes.some((prefix) => e.path === prefix || e.path.startsWith(`${prefix}/`)) === (e.visibility === 'internal'))
        .map((e) => `${s.name}: ${e.method} ${e.path}`),
    );
    expect(misrouted).toEqual([]);
  });

  it('gives every endpoint a unique id and a unique method and path', () => {
    const all = Object.values(apiByService).flatMap((endpoints) => Object.values(endpoints) as EndpointSpec[]);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.map((e) => key(e.method, e.path))).size).toBe(all.length);
  });
});
