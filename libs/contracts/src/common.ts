import { z } from 'zod';
export * from './common-values';

export const uuid = (message: string) => z.string({ error: message }).uuid({ message });

export const isoTimestamp = z.string();

/** create → 201 {data}; update → 200 {data} */
export const dataOf = <T extends z.ZodTypeAny>(record: T) => z.object({ data: record });
