import { serviceEntry } from '@app/contracts';
import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const interviewsConfigShape = {
  /**
   * Where profile answers (its own port, not the gateway): a card that shows its author's username
   * takes it from the author's profile when it is shared. Default: profile's port in the registry.
   */
  PROFILE_URL: z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${serviceEntry('profile')?.port}`),
};

export type InterviewsConfig = BaseConfig & z.infer<z.ZodObject<typeof interviewsConfigShape>>;
