import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const practiceConfigShape = {
  /**
   * Memory for kept question lists (see QuestionLists), estimated; 2,000 questions take ~2.6 MB.
   * Keep it well under the container's limit (384 Mi in deploy/k8s) minus ~130 MB for Node itself.
   */
  PRACTICE_LIST_CACHE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(64)
    .describe('Memory for question lists kept ready to send (~2.6 MB per 2,000 questions); 0 keeps none.'),
  /** How often the daily review e-mail job looks for users whose day has reached REVIEW_DIGEST_HOUR. */
  REVIEW_DIGEST_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(600)
    .describe('How often the daily review e-mail job looks for users whose day has reached REVIEW_DIGEST_HOUR.'),
  /** Local hour (0-23) from which a user's daily review e-mail goes: in their time zone (Settings), else UTC. */
  REVIEW_DIGEST_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .max(23)
    .default(8)
    .describe("Local hour from which a user's daily review e-mail goes: in their time zone (Settings), else UTC."),
};

export type PracticeConfig = BaseConfig & z.infer<z.ZodObject<typeof practiceConfigShape>>;
