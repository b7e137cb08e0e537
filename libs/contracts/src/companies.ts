import { z } from 'zod';
import { emptyToNull, limits } from './common';

export const companySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  website_url: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const createCompanySchema = z.object({
  name: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, { message: 'Company name is required' })
    .max(limits.titleMax, { message: `Company name must not be longer than ${limits.titleMax} characters` }),
  website_url: z.preprocess(
    emptyToNull,
    // http(s) and a real domain only: the web renders it as a link, so `javascript:` and the like never get in.
    z
      .string({ error: 'Please enter a valid URL.' })
      .trim()
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, message: 'Please enter a valid URL.' })
      .max(2048, { message: 'Please enter a valid URL.' })
      .nullable()
      .optional(),
  ),
});
export type CreateCompany = z.infer<typeof createCompanySchema>;
