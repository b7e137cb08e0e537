import type { EndpointSpec } from '../http/endpoint';
import type { ServiceName } from '../registry';
import { communityApi } from './community';
import { identityApi } from './identity';
import { interviewsApi } from './interviews';
import { practiceApi } from './practice';
import { profileApi } from './profile';
import { systemDesignApi } from './system-design';
import { voiceApi } from './voice';

export * from './identity';
export { communityApi, interviewsApi, practiceApi, profileApi, systemDesignApi, voiceApi };

/** Every endpoint of every service, by the service that serves it (registry names). */
export const apiByService = {
  identity: identityApi,
  interviews: interviewsApi,
  practice: { ...practiceApi, ...systemDesignApi },
  community: communityApi,
  profile: profileApi,
  voice: voiceApi,
} as const satisfies Record<ServiceName, Record<string, EndpointSpec>>;

export const allEndpoints = (): Array<{ service: ServiceName; endpoint: EndpointSpec }> =>
  (Object.entries(apiByService) as Array<[ServiceName, Record<string, EndpointSpec>]>).flatMap(([service, endpoints]) =>
    Object.values(endpoints).map((endpoint) => ({ service, endpoint })),
  );
