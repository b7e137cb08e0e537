import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import { identityService } from '@app/identity';
import { interviewsService } from '@app/interviews';
import { profileService } from '@app/profile';
import { practiceService } from '@app/practice';
import { startGateway } from '@app/gateway';

export interface Stack {
  env: TestEnvironment;
  url: string;
  services: Record<string, RunningService>;
  close(): Promise<void>;
}

/**
 * The real thing, small: identity signing ES256 tokens, the gateway and services verifying them
 * through identity's JWKS, every service on its own schema, events over the real JetStream.
 */
export async function startStack(): Promise<Stack> {
  const env = await TestEnvironment.create();
  const identity = await env.start(identityService);
  const auth = { SUPABASE_JWT_SECRET: '', AUTH_JWKS_URL: `${identity.url}/auth/v1/.well-known/jwks.json` };
  const interviews = await env.start(interviewsService, auth);
  const profile = await env.start(profileService, auth);
  const practice = await env.start(practiceService, auth);
  const gateway = await startGateway({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_ISSUER: env.env('gateway').AUTH_ISSUER,
    ...auth,
    IDENTITY_URL: identity.url,
    INTERVIEWS_URL: interviews.url,
    PROFILE_URL: profile.url,
    PRACTICE_URL: practice.url,
  });
  return {
    env,
    url: gateway.url,
    services: { identity, interviews, profile, practice },
    close: async () => {
      await gateway.close();
      await env.close();
    },
  };
}

/** A response body as the tests read it: whatever JSON the gateway answered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const body = async (res: Response): Promise<any> => res.json();
