import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceRegistry, upstreamUrlVariable } from '@app/contracts';
import { RunningService, ServiceDefinition } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { identityService, readMailbox } from '@app/identity';
import { startGateway } from '@app/gateway';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/free-port.cjs') as { freePort(): Promise<number> };

export interface Stack {
  env: TestEnvironment;
  url: string;
  /** identity's developer mailbox (confirmation mail). */
  mailbox: string;
  services: Record<string, RunningService>;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '../..');
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The registry's services that exist in this checkout, as their packages export them. */
const builtServices = (): ServiceDefinition[] =>
  serviceRegistry
    .filter((s) => s.name !== 'identity' && existsSync(path.join(root, 'services', s.name, 'src', 'index.ts')))
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    .map((s) => require(path.join(root, 'services', s.name, 'src'))[`${camel(s.name)}Service`] as ServiceDefinition);

/**
 * The real thing, small: identity signing ES256 tokens, every other service of the registry and
 * the gateway verifying them through identity's JWKS, every service on its own schema, events over
 * the real JetStream. `serviceEnv` is added to every service's environment (e.g. looser limits),
 * `gatewayEnv` to the gateway's (e.g. TRUST_PROXY).
 */
export async function startStack(serviceEnv: Record<string, string> = {}, gatewayEnv: Record<string, string> = {}): Promise<Stack> {
  const env = await TestEnvironment.create();
  const mailbox = mkdtempSync(path.join(tmpdir(), 'system-mailbox-'));
  // Identity checks the tokens of its own /api routes against its JWKS too: at its own address, not the registry's port.
  const identityPort = await freePort();
  const identity = await env.start(identityService, {
    MAILBOX_DIR: mailbox,
    PORT: String(identityPort),
    AUTH_JWKS_URL: `http://127.0.0.1:${identityPort}/auth/v1/.well-known/jwks.json`,
    ...serviceEnv,
  });
  const auth = { SUPABASE_JWT_SECRET: '', AUTH_JWKS_URL: `${identity.url}/auth/v1/.well-known/jwks.json`, ...serviceEnv };
  const services: Record<string, RunningService> = { identity };
  for (const definition of builtServices()) services[definition.name] = await env.start(definition, auth);
  const gateway = await startGateway({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_ISSUER: env.env('gateway').AUTH_ISSUER,
    ...auth,
    ...Object.fromEntries(Object.values(services).map((s) => [upstreamUrlVariable(s.name), s.url])),
    READY_UPSTREAMS: Object.keys(services).join(','),
    // The services' own: they believe the client address it names, identity gives it the revocation list.
    GATEWAY_SECRET: env.gatewaySecret,
    // The services' test environment gives each user an unlimited share; so does this gateway.
    USER_REQUESTS_PER_SECOND: '1000000',
    USER_REQUEST_BURST: '1000000',
    // Every test user calls from this one address: the per-address bound is tested in the gateway's suite.
    CLIENT_MAX_IN_FLIGHT: '1000000',
    ...gatewayEnv,
  });
  return {
    env,
    url: gateway.url,
    mailbox,
    services,
    close: async () => {
      await gateway.close();
      await env.close();
      rmSync(mailbox, { recursive: true, force: true });
    },
  };
}

/** Confirms `email` as its owner would: the link's secret from the newest mail to it, through the gateway; the new session. */
export async function confirmEmail(stack: Stack, email: string): Promise<{ access_token: string; refresh_token: string }> {
  for (const deadline = Date.now() + 5000; ; await new Promise((r) => setTimeout(r, 50))) {
    const [mail] = await readMailbox(stack.mailbox, email);
    if (mail?.link) {
      const token_hash = new URL(mail.link).searchParams.get('token');
      const res = await fetch(`${stack.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'email', token_hash }),
      });
      if (!res.ok) throw new Error(`confirmation refused: ${res.status}`);
      return (await res.json()) as { access_token: string; refresh_token: string };
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
  }
}

/** A response body as the tests read it: whatever JSON the gateway answered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const body = async (res: Response): Promise<any> => res.json();
