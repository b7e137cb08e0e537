import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const communityConfigShape = {
  /** Contact messages one client address may send per hour signed out (the form also works signed out). */
  CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** …and one account per hour signed in, from any address: others' messages signed out never use it up. */
  CONTACT_MESSAGES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(10),
};

export type CommunityConfig = BaseConfig & z.infer<z.ZodObject<typeof communityConfigShape>>;
