import { allEndpoints } from '@app/contracts';
import { routePattern, UpstreamName } from './prefix-table';

/** How long the gateway waits for a service's response headers to a request (ms). */
export type DeadlineFor = (upstream: UpstreamName, method: string, pathname: string) => number;

/**
 * Upstream response deadlines by route: `ordinaryMs` for every call, except the endpoints that
 * declare a longer `deadlineMs` (libs/contracts). Those few are compiled once, per service, so a
 * request to a service without any costs one map lookup.
 */
export function routeDeadlines(ordinaryMs: number): DeadlineFor {
  const longer = new Map<UpstreamName, Array<{ method: string; pattern: RegExp; ms: number }>>();
  for (const { service, endpoint } of allEndpoints()) {
    if (endpoint.deadlineMs === undefined || endpoint.deadlineMs <= ordinaryMs) continue;
    const routes = longer.get(service) ?? [];
    routes.push({ method: endpoint.method, pattern: routePattern(endpoint.path), ms: endpoint.deadlineMs });
    longer.set(service, routes);
  }
  return (upstream, method, pathname) => {
    const routes = longer.get(upstream);
    if (routes) {
      for (const route of routes) if (route.method === method && route.pattern.test(pathname)) return route.ms;
    }
    return ordinaryMs;
  };
}
