import { fieldErrors } from '@app/contracts';
import { interviewDialogSchema, localToday } from './round-dates';

const form = (day: string) => ({ company: { id: null, name: 'Acme' }, interview_process: [{ round: 'Other', round_date_str: day }] });
const messages = (value: unknown) => {
  const result = interviewDialogSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe("the round date picker: the candidate's own today", () => {
  it('reads the local calendar day, not UTC', () => {
    expect(localToday(new Date(2026, 10, 28, 23, 59))).toBe('2026-11-28');
    expect(localToday(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });

  it('takes a round today and refuses one tomorrow, in local days', () => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
    expect(messages(form(localToday()))).toEqual({});
    expect(messages(form(localToday(tomorrow)))).toEqual({ 'interview_process.0.round_date_str': 'Round dates cannot be in the future' });
  });

  it('asks for a company in words', () => {
    expect(messages({ ...form(localToday()), company: { id: null, name: '' } })).toEqual({ company: 'Choose a company' });
  });
});
