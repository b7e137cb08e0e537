import { PipeTransform } from '@nestjs/common';
import { fieldErrors } from '@app/contracts';
import { z } from 'zod';
import { validationFailed } from './errors';

/** Validates at the edge with the contract's schema; a failure is a 400 with the spec's wording. */
export function parseWith<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

export class ZodPipe<T extends z.ZodTypeAny> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}
  transform(value: unknown): z.output<T> {
    return parseWith(this.schema, value);
  }
}
