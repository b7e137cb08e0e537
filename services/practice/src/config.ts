import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

export const practiceConfigShape = {
  /**
   * Memory for kept question lists (see QuestionLists), estimated; 2,000 questions take ~2.6 MB.
   * Keep it well under the container's limit (384 Mi in deploy/k8s) minus ~130 MB for Node itself.
   */
  PRACTICE_LIST_CACHE_MB: z.coerce.number().int().min(0).default(64),
};

export type PracticeConfig = BaseConfig & z.infer<z.ZodObject<typeof practiceConfigShape>>;
