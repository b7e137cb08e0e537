import { allEndpoints } from '@app/contracts';
import { RouteTemplates } from '../metrics/route-templates';

/** Paths the API serves: a segment of one may be a credential (the calendar feed's token). */
const isApiPath = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/auth/') || pathname.startsWith('/internal/');

let declared: RouteTemplates | undefined;

/**
 * What logs say of a request's path: an API path as the route template libs/contracts declares for
 * it (`/api/leetcode-questions/calendar/:token`), never as sent, since a path parameter may be a
 * secret; `unmatched` for an API path no route declares (it may be a secret address mistyped);
 * any other path (the web app's pages and assets) as it is. Without its query string, always.
 */
export function loggedPath(pathname: string): string {
  if (!isApiPath(pathname)) return pathname;
  declared ??= new RouteTemplates(allEndpoints().map(({ endpoint }) => endpoint.path));
  return declared.resolve(pathname);
}
