import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const communityConfigShape = {
  CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('Contact messages one client address may send an hour signed out (the form also works signed out); 429 with Retry-After past it.'),
  CONTACT_MESSAGES_PER_ACCOUNT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe("…and one account an hour signed in, from any address: others' messages signed out never use it up."),
};

export type CommunityConfig = BaseConfig & z.infer<z.ZodObject<typeof communityConfigShape>>;
