import { serviceEntry } from '@app/contracts';
import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const interviewsConfigShape = {
  PROFILE_URL: z
    .url({ protocol: /^https?$/ })
    .default(`http://127.0.0.1:${serviceEntry('profile')?.port}`)
    .describe("Where profile answers (its own port, not the gateway): a shared card takes its author's username from the author's profile."),
};

export type InterviewsConfig = BaseConfig & z.infer<z.ZodObject<typeof interviewsConfigShape>>;
