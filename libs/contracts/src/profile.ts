import { z } from 'zod';
import { emptyToNull, toNumberOrNull } from './common';

export const profileSchema = z.object({
  username: z.string(),
  current_company_id: z.string().uuid().nullable(),
  verified_company: z.boolean(),
  years_of_experience: z.number().int().nullable(),
  number_of_internships: z.number().int().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileLimits = { usernameMin: 2, usernameMax: 30, yearsMax: 40, internshipsMax: 10, locationMax: 200 } as const;

/**
 * PUT /api/profile body, spec section 5 word for word. Empty strings become null and numeric
 * inputs are converted, so the same schema serves the settings form and the service.
 * `verified_company` is accepted (the form sends it) but the server always decides it.
 */
export const updateProfileSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 2 characters.' })
    .trim()
    .min(profileLimits.usernameMin, { message: 'Username must be at least 2 characters.' })
    .max(profileLimits.usernameMax, { message: 'Username must not be longer than 30 characters.' }),
  current_company_id: z.preprocess(emptyToNull, z.string({ error: 'Invalid company ID' }).uuid({ message: 'Invalid company ID' }).nullable().optional()),
  verified_company: z.boolean().optional(),
  years_of_experience: z.preprocess(
    toNumberOrNull,
    z
      .number({ error: 'Years of experience must be a positive number' })
      .int({ message: 'Years of experience must be a positive number' })
      .min(0, { message: 'Years of experience must be a positive number' })
      .max(profileLimits.yearsMax, { message: 'Years of experience must not exceed 40' })
      .nullable()
      .optional(),
  ),
  number_of_internships: z.preprocess(
    toNumberOrNull,
    z
      .number({ error: 'Number of internships must be a positive number' })
      .int({ message: 'Number of internships must be a positive number' })
      .min(0, { message: 'Number of internships must be a positive number' })
      .max(profileLimits.internshipsMax, { message: 'Number of internships must not exceed 10' })
      .nullable()
      .optional(),
  ),
  location: z.preprocess(
    emptyToNull,
    z.string().trim().max(profileLimits.locationMax, { message: 'Location must not be longer than 200 characters' }).nullable().optional(),
  ),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;
