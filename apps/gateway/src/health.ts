import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Request, Router } from 'express';
import { Logger } from '@app/service-kit/core';
import type { UpstreamName } from './routing/prefix-table';

export type UpstreamStatus = 'up' | 'down';

/** The header an operator sends with READY_DETAILS_TOKEN to read which services are down. */
const READY_DETAILS_HEADER = 'x-ready-details-token';

/** GETs `<url>/readyz` (the service's own: its database and broker); up only on a 2xx within `timeoutMs`. */
function probe(url: string, timeoutMs: number, agents: { http: http.Agent; https: https.Agent }): Promise<UpstreamStatus> {
  return new Promise((resolve) => {
    const target = new URL('/readyz', url);
    const client = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents.https : agents.http;
    const req = client.get(target, { agent, headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      clearTimeout(deadline);
      resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? 'up' : 'down');
    });
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', () => {
      clearTimeout(deadline);
      resolve('down');
    });
  });
}

/** A service is up while any of its replicas is: the proxy sends its calls to those. */
async function checkUpstreams(
  urls: Record<UpstreamName, readonly string[]>,
  timeoutMs: number,
  agents: { http: http.Agent; https: https.Agent },
): Promise<Record<UpstreamName, UpstreamStatus>> {
  const entries = await Promise.all(
    Object.entries(urls).map(async ([name, replicas]) => {
      const statuses = await Promise.all(replicas.map((url) => probe(url, timeoutMs, agents)));
      return [name, statuses.includes('up') ? 'up' : 'down'] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<UpstreamName, UpstreamStatus>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `req` carries the operator's token (compared in constant time); never without a configured token. */
function asksForDetails(req: Request, token: string | undefined): boolean {
  const sent = req.headers[READY_DETAILS_HEADER];
  return token !== undefined && typeof sent === 'string' && timingSafeEqual(digest(sent), digest(token));
}

export interface HealthOptions {
  /** Each service's replicas. */
  urls: Record<UpstreamName, readonly string[]>;
  timeoutMs: number;
  agents: { http: http.Agent; https: https.Agent };
  /** READY_DETAILS_TOKEN: the operator's key to the per-service view of /readyz. */
  detailsToken?: string;
  logger: Logger;
}

/**
 * /healthz: the gateway process answers. /readyz: the gateway can serve, so 200 whatever its
 * services' state. A service that is down answers 503 on its own prefix (the proxy's refused or
 * unreachable path) while the SPA, sign-in and the other services keep working; failing readiness
 * instead would take every gateway replica out of the load balancer for a NATS blip or one
 * crash-looping service. The body says what the gateway found: `ready` when every awaited service
 * (READY_UPSTREAMS) answers its own /readyz (its database and broker) with a 2xx within the timeout
 * (default 1 s), else `degraded`. Anyone gets that word: the internal service names
 * (`upstreams: {<service>: "up" | "down"}`) only go to a caller with the operator's token
 * (READY_DETAILS_TOKEN in the header above), and to the log, once per change.
 */
export function healthRoutes(options: HealthOptions) {
  const { urls, timeoutMs, agents, detailsToken, logger } = options;
  const router = Router();
  let lastDown = '';
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const upstreams = await checkUpstreams(urls, timeoutMs, agents);
    const down = (Object.keys(upstreams) as UpstreamName[]).filter((name) => upstreams[name] === 'down');
    const downList = down.join(', ');
    if (downList !== lastDown) {
      if (down.length > 0) logger.warn({ down }, `degraded: ${downList} down (their prefixes answer 503; everything else is served)`);
      else logger.info('ready: every service answers');
      lastDown = downList;
    }
    const status = down.length === 0 ? 'ready' : 'degraded';
    res.json(asksForDetails(req, detailsToken) ? { status, upstreams } : { status });
  });
  return router;
}
