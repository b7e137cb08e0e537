import type http from 'node:http';
import { allEndpoints } from '@app/contracts';
import { Metrics, nameServerSpan, RouteHistogram, RouteTemplates, UNMATCHED_ROUTE } from '@app/service-kit/core';
import { isApiPath, UPSTREAM_NAMES, UpstreamName } from '../routing/prefix-table';

/** What the gateway counts everything outside the prefix table under (pages, assets, API docs): one series. */
export const WEB_ROUTE = 'web';

/** Called when the request is handed to its service; undefined while metrics are off. */
export type Forwarded = (() => void) | undefined;

/**
 * The gateway's requests as an operator sees them: the server span named after the declared route
 * (`GET /api/candidate-interviews/:id`), and with metrics on, two duration histograms by route,
 * method and status class: every answer (`http_server_request_duration_seconds`, 401s at the door
 * included) and the part spent on the service (`gateway_upstream_request_duration_seconds`, by
 * upstream; a 502-504 is the gateway's answer for a service that failed). The route templates
 * are grouped per service and the labelled series made once, so a request costs a map lookup or
 * a few anchored patterns of its own service, and no label strings.
 */
export class GatewayObservation {
  private readonly routes = new Map<UpstreamName, RouteTemplates>();
  private readonly upstreams = new Map<UpstreamName, RouteHistogram>();

  constructor(private readonly metrics: Metrics | undefined) {
    const paths = new Map<UpstreamName, string[]>();
    for (const { service, endpoint } of allEndpoints()) paths.set(service, [...(paths.get(service) ?? []), endpoint.path]);
    for (const name of UPSTREAM_NAMES) this.routes.set(name, new RouteTemplates(paths.get(name) ?? []));
    if (!metrics) return;
    const upstream = metrics.routeHistograms(
      'gateway_upstream_request_duration_seconds',
      'Requests the gateway handed to a service, by upstream, route template, method and status class of the answer, from hand-over to the last byte',
    );
    for (const name of UPSTREAM_NAMES) this.upstreams.set(name, upstream({ upstream: name }));
  }

  /** The route `pathname` is counted, traced and logged under: its service's declared template, UNMATCHED_ROUTE or WEB_ROUTE. */
  route(pathname: string, upstream: UpstreamName | undefined): string {
    return upstream ? this.routes.get(upstream)!.resolve(pathname) : isApiPath(pathname) ? UNMATCHED_ROUTE : WEB_ROUTE;
  }

  /** For a request (not a probe) of `route` once its service is known: returns what to call when it is forwarded. */
  start(method: string, route: string, upstream: UpstreamName | undefined, res: http.ServerResponse): Forwarded {
    nameServerSpan(method, route);
    const metrics = this.metrics;
    if (!metrics) return undefined;
    const startedAt = performance.now();
    let forwardedAt: number | undefined;
    res.once('finish', () => {
      const now = performance.now();
      metrics.requests.observe(route, method, res.statusCode, (now - startedAt) / 1000);
      if (forwardedAt !== undefined) this.upstreams.get(upstream!)!.observe(route, method, res.statusCode, (now - forwardedAt) / 1000);
    });
    return () => {
      forwardedAt = performance.now();
    };
  }
}
