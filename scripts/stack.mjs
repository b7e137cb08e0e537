// What the launcher and the cross-service tests agree on: the services, their ports, small helpers.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Every backend service; the gateway's upstream variable and default port of each. */
export const services = [
  { name: 'identity', dir: 'services/identity', port: 8101, urlVar: 'IDENTITY_URL', definition: 'identityService' },
  { name: 'interviews', dir: 'services/interviews', port: 8102, urlVar: 'INTERVIEWS_URL', definition: 'interviewsService' },
  { name: 'practice', dir: 'services/practice', port: 8103, urlVar: 'PRACTICE_URL', definition: 'practiceService' },
  { name: 'community', dir: 'services/community', port: 8104, urlVar: 'COMMUNITY_URL', definition: 'communityService' },
  { name: 'profile', dir: 'services/profile', port: 8105, urlVar: 'PROFILE_URL', definition: 'profileService' },
  { name: 'voice', dir: 'services/voice', port: 8106, urlVar: 'VOICE_URL', definition: 'voiceService' },
];

export function which(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `preferred` when it is free, else any free port. */
export async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address();
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || tryPort(0);
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
