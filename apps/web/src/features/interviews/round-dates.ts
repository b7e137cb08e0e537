import { interviewFormSchema, interviewMessages } from '@app/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The candidate's own date (yyyy-mm-dd), not UTC's: at UTC+14 a round done today is already UTC's tomorrow. */
export const localToday = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The dialog's form: a round after the candidate's today has not happened yet. The service, which
 * does not know their time zone, takes dates up to UTC's tomorrow (today in the zone furthest ahead).
 */
export const interviewDialogSchema = interviewFormSchema.superRefine((form, ctx) => {
  const today = localToday();
  form.interview_process.forEach((round, i) => {
    if (round.round_date_str && round.round_date_str > today) {
      ctx.addIssue({ code: 'custom', path: ['interview_process', i, 'round_date_str'], message: interviewMessages.dateFuture });
    }
  });
});
