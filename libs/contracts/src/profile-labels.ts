/** The profile's bounds and messages, apart from its schemas (profile.ts): a page that shows them loads no zod for them. */
export const profileLimits = { usernameMin: 2, usernameMax: 30, yearsMax: 40, internshipsMax: 10, locationMax: 200 } as const;

export const interviewDateMessages = {
  format: 'Interview date must be a date (yyyy-mm-dd)',
  past: 'Interview date must be today or later',
} as const;
