import { z } from 'zod';
import { emptyToNull, toNumberOrNull } from './common';
import { displayNameMessages, reservedWordIn } from './display-names';
import { interviewDateMessages, profileLimits } from './profile-labels';

export * from './profile-labels';

export const profileSchema = z.object({
  username: z.string(),
  current_company_id: z.string().uuid().nullable(),
  verified_company: z.boolean(),
  years_of_experience: z.number().int().nullable(),
  number_of_internships: z.number().int().nullable(),
  location: z.string().nullable(),
  /** The day of the candidate's next interview (yyyy-mm-dd): Problem Review paces the reviews up to it. */
  interview_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

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
    .max(profileLimits.usernameMax, { message: 'Username must not be longer than 30 characters.' })
    .superRefine((username, ctx) => {
      const reserved = reservedWordIn(username);
      if (reserved) ctx.addIssue({ code: 'custom', message: displayNameMessages.reservedUsername(reserved) });
    }),
  current_company_id: z.preprocess(emptyToNull, z.string({ error: 'Invalid company ID' }).uuid({ message: 'Invalid company ID' }).nullable().optional()),
  verified_company: z.boolean().optional(),
  years_of_experience: z.preprocess(
    toNumberOrNull,
    z
      .number({ error: 'Years of experience must be 0 or more' })
      .int({ message: 'Years of experience must be 0 or more' })
      .min(0, { message: 'Years of experience must be 0 or more' })
      .max(profileLimits.yearsMax, { message: 'Years of experience must not exceed 40' })
      .nullable()
      .optional(),
  ),
  number_of_internships: z.preprocess(
    toNumberOrNull,
    z
      .number({ error: 'Number of internships must be 0 or more' })
      .int({ message: 'Number of internships must be 0 or more' })
      .min(0, { message: 'Number of internships must be 0 or more' })
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

/**
 * The earliest "today" anywhere (UTC−12): the server cannot know the caller's time zone, so a day
 * counts as today or later if it is so for someone on Earth; the web checks against its own day.
 */
const earliestToday = (now: Date) => new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

/** PUT /api/profile/interview-date body: a day, today or later, or null (or an emptied date input) to clear it. */
export const interviewDateSchema = z.object({
  interview_date: z.preprocess(
    (value) => (value === '' ? null : value),
    z.iso
      .date({ error: interviewDateMessages.format })
      .refine((day) => day >= earliestToday(new Date()), { message: interviewDateMessages.past })
      .nullable(),
  ),
});
export type InterviewDateInput = z.input<typeof interviewDateSchema>;
