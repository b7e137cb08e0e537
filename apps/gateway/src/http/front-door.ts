import type http from 'node:http';
import type { AuthUser } from '@app/contracts';
import { AppError, isProbePath, Logger, rateLimited, requestIdFrom, startAccessLog, toAppError, TokenBuckets, TokenVerifier } from '@app/service-kit/core';
import { clientAddress, prepareForwardedRequest, protocolOf, TrustFn } from '../routing/forwarding';
import type { DeadlineFor, RouteLimit } from '../routing/route-limits';
import { isAnonymousRoute, isApiPath, isAuthPath, isUnsafePath, resolveUpstream } from '../routing/prefix-table';
import type { UpstreamProxies } from '../routing/proxy';
import { Admission, clientKey } from './admission';
import { sendEnvelope } from './envelope';
import { GatewayObservation, WEB_ROUTE } from './observability';
import { BodyLimits, hasBody, receiveBody, withReceivedBody } from './request-body';
import type { cors, securityHeaders } from './security';

export interface FrontDoorOptions {
  logger: Logger;
  verifier: TokenVerifier;
  /** Each signed-in user's share: past it a 429 from here costs no service anything. */
  perUser: TokenBuckets;
  proxies: UpstreamProxies;
  /** The bounds on calls in flight: past them a call is refused at once (503 overloaded, 429 from one address). */
  admission: Admission;
  /** How large a body may be and how fast it must come (request-body.ts). */
  bodyLimits: BodyLimits;
  /** The body bound of a route: bodyLimits.maxBytes, or more for an endpoint that declares it. */
  bodyLimitFor: RouteLimit;
  /** Span names and metrics by route (observability.ts). */
  observation: GatewayObservation;
  /** How long each route's service may take to answer (see route-limits.ts). */
  deadlineFor: DeadlineFor;
  trust: TrustFn;
  security: ReturnType<typeof securityHeaders>;
  cors: ReturnType<typeof cors>;
  /** Everything the prefix table does not send to a service: health, the SPA, the envelope's 404s. */
  fallback: http.RequestListener;
}

/**
 * The gateway's request listener. Every request gets its id (X-Request-Id), the security headers,
 * CORS, one access-log line and the path check. A path of the prefix table then goes straight to
 * its service with plain Node calls: the token verified on /api (except the anonymous routes; the
 * Authorization header itself is forwarded, the service verifies it again, so a request that
 * bypasses the gateway gains nothing), /auth/v1 passed through to identity, which authenticates
 * its own routes. A call's body is received here first, within its bound and deadline
 * (request-body.ts), then the call is handed over only within the bounds on calls in flight
 * (admission.ts), checked last so that one user past their share meets a 429, not everyone a 503.
 * Express (`fallback`) serves the rest, off the hot path. The access log names an API path by its
 * route template (a path parameter may be a credential: the calendar feed's token).
 */
export function frontDoor(options: FrontDoorOptions): http.RequestListener {
  const { logger, verifier, perUser, proxies, admission, bodyLimits, bodyLimitFor, deadlineFor, trust, security, fallback } = options;
  const addCors = options.cors;
  const { observation } = options;
  // Each request's headers start as a copy of one of these (one shape, copied whole rather than
  // key by key): a page's, or the fewer a service's answer needs (security.ts, API_HEADERS).
  const forPages: Record<string, string> = { 'x-request-id': '', ...security.always };
  const forServices: Record<string, string> = { 'x-request-id': '', ...security.api };
  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const upstream = resolveUpstream(pathname);
    const toService = upstream !== undefined && (upstream === 'identity' || isApiPath(pathname));
    // Lower-case names: a service's answer merges over them name for name (see answerHeaders).
    const headers: Record<string, string> = toService ? { ...forServices } : { ...forPages };
    headers['x-request-id'] = requestId;
    if (protocolOf(req, trust) === 'https') Object.assign(headers, security.hsts);
    // Answers about one user's data, tokens among them: no shared or browser cache keeps them,
    // unless the service says otherwise (its headers win, see answerHeaders). A service's carry it already.
    if (!toService && (isApiPath(pathname) || isAuthPath(pathname))) headers['cache-control'] = 'no-store';

    const method = req.method ?? 'GET';
    const route = isProbePath(pathname) ? undefined : observation.route(pathname, upstream);
    let userId: string | undefined;
    if (route !== undefined) {
      const logged = startAccessLog(logger, requestId, method, route === WEB_ROUTE ? pathname : route);
      res.on('finish', () => logged(res.statusCode, userId));
    }

    if (addCors(req, headers)) {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    if (isUnsafePath(pathname)) return sendEnvelope(res, new AppError('validation_failed', 'Invalid request path'), headers);

    const forwarded = route === undefined ? undefined : observation.start(method, route, upstream, res);
    const handOver = (sent: http.IncomingMessage) => {
      const refusal = admission.admit(upstream!, clientKey(clientAddress(req, trust)), res);
      if (refusal) return sendEnvelope(res, refusal, headers);
      forwarded?.();
      prepareForwardedRequest(req, requestId, trust);
      proxies.web(upstream!, sent, res, headers, requestId, deadlineFor(upstream!, method, pathname));
    };
    const forward = () => {
      if (!hasBody(req)) return handOver(req);
      receiveBody(req, { ...bodyLimits, maxBytes: upstream ? bodyLimitFor(upstream, method, pathname) : bodyLimits.maxBytes }).then(
        (body) => handOver(withReceivedBody(req, body)),
        // The rest of the body is not read: the connection is closed once the answer is out.
        (err: AppError) => sendEnvelope(res, err, { ...headers, connection: 'close' }),
      );
    };
    if (upstream === 'identity') return forward();
    if (toService) {
      if (isAnonymousRoute(method, pathname)) return forward();
      const signedIn = (user: AuthUser) => {
        userId = user.id;
        const wait = perUser.take(user.id);
        if (wait > 0) return sendEnvelope(res, rateLimited(wait, 'Too many requests from this account, please slow down'), headers);
        forward();
      };
      // A token verified before, with nothing to wait for, is taken at once: no promise on most calls.
      const known = verifier.rememberedUser(req.headers.authorization);
      if (known) return signedIn(known);
      verifier.verifyHeader(req.headers.authorization).then(signedIn, (err: unknown) => sendEnvelope(res, toAppError(err), headers));
      return;
    }

    for (const name in headers) res.setHeader(name, headers[name]);
    fallback(req, res);
  };
}
