import { allEndpoints, EndpointSpec } from '@app/contracts';
import { routePattern, UpstreamName } from './prefix-table';

/** A bound that may depend on the route: upstream, method and path. */
export type RouteLimit = (upstream: UpstreamName, method: string, pathname: string) => number;
/** How long the gateway waits for a service's response headers to a request (ms). */
export type DeadlineFor = RouteLimit;

/**
 * `ordinary` for every call, except the endpoints that declare more (`larger` of the endpoint,
 * libs/contracts). Those few are compiled once, per service, so a request to a service without any
 * costs one map lookup.
 */
function byRoute(ordinary: number, larger: (endpoint: EndpointSpec) => number | undefined): RouteLimit {
  const routes = new Map<UpstreamName, Array<{ method: string; pattern: RegExp; value: number }>>();
  for (const { service, endpoint } of allEndpoints()) {
    const value = larger(endpoint);
    if (value === undefined || value <= ordinary) continue;
    routes.set(service, [...(routes.get(service) ?? []), { method: endpoint.method, pattern: routePattern(endpoint.path), value }]);
  }
  const none: Array<{ method: string; pattern: RegExp; value: number }> = [];
  return (upstream, method, pathname) => {
    for (const route of routes.get(upstream) ?? none) if (route.method === method && route.pattern.test(pathname)) return route.value;
    return ordinary;
  };
}

/** Upstream response deadlines: `ordinaryMs`, or an endpoint's longer `deadlineMs`. */
export const routeDeadlines = (ordinaryMs: number): DeadlineFor => byRoute(ordinaryMs, (endpoint) => endpoint.deadlineMs);

/** Request body bounds: `ordinaryBytes` (REQUEST_BODY_MAX_BYTES), or an endpoint's larger `bodyBytesMax` (a drawing's autosave). */
export const routeBodyLimits = (ordinaryBytes: number): RouteLimit => byRoute(ordinaryBytes, (endpoint) => endpoint.bodyBytesMax);
