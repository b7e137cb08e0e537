import { fieldErrors } from '@app/contracts';
import { z } from 'zod';
import { validationFailed } from './errors';

/** Validates at the edge with a contract's schema; a failure is a 400 with the spec's wording. */
export function parseWith<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}
