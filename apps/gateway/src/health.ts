import http from 'node:http';
import https from 'node:https';
import { Router } from 'express';
import { AppError, sendError } from '@app/service-kit/core';
import type { UpstreamName } from './routing/prefix-table';

export type UpstreamStatus = 'up' | 'down';

/** GETs `<url>/healthz`; up only on a 2xx within `timeoutMs`. */
export function probe(url: string, timeoutMs: number, agents: { http: http.Agent; https: https.Agent }): Promise<UpstreamStatus> {
  return new Promise((resolve) => {
    const target = new URL('/healthz', url);
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

export async function checkUpstreams(
  urls: Record<UpstreamName, string>,
  timeoutMs: number,
  agents: { http: http.Agent; https: https.Agent },
): Promise<Record<UpstreamName, UpstreamStatus>> {
  const entries = await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await probe(url, timeoutMs, agents)] as const));
  return Object.fromEntries(entries) as Record<UpstreamName, UpstreamStatus>;
}

/**
 * /healthz: the gateway process answers. /readyz: every service's /healthz answered within the
 * timeout (default 1 s); otherwise 503 in the envelope, `fields` naming each service that is down.
 */
export function healthRoutes(urls: Record<UpstreamName, string>, timeoutMs: number, agents: { http: http.Agent; https: https.Agent }) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const upstreams = await checkUpstreams(urls, timeoutMs, agents);
    const down = Object.entries(upstreams).filter(([, status]) => status === 'down');
    if (down.length === 0) {
      res.json({ status: 'ready', upstreams });
      return;
    }
    const fields = Object.fromEntries(down.map(([name]) => [name, 'down']));
    sendError(res, new AppError('upstream_unavailable', `not ready: ${down.map(([name]) => name).join(', ')} down`, fields, 503));
  });
  return router;
}
