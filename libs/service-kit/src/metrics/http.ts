import type http from 'node:http';
import { trace } from '@opentelemetry/api';
import { isProbePath } from '../http/middleware';
import type { RouteHistogram } from './registry';
import { RouteTemplates, UNMATCHED_ROUTE } from './route-templates';

/**
 * Names the request's server span after its route (`GET /api/candidate-interviews/:id`) and marks
 * `http.route`: the HTTP instrumentation alone names it `GET`, and the raw URL would make a name
 * per id. Without tracing there is no active span and this does nothing.
 */
export function nameServerSpan(method: string, route: string): void {
  if (route === UNMATCHED_ROUTE) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}

const pathnameOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * A service's requests by route template: the server span named, and (with `requests`, when
 * metrics are on) the duration counted once the answer is finished, whatever answered it (a
 * handler, a guard's 401, the envelope's 404). Probes are not counted.
 */
export function observeRequests(routes: RouteTemplates, requests: RouteHistogram | undefined) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    const method = req.method ?? 'GET';
    const pathname = pathnameOf(req.url ?? '/');
    const route = routes.resolve(pathname);
    nameServerSpan(method, route);
    if (requests && !isProbePath(pathname)) {
      const startedAt = performance.now();
      res.once('finish', () => requests.observe(route, method, res.statusCode, (performance.now() - startedAt) / 1000));
    }
    next();
  };
}
