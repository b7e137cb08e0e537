import { zodResolver } from '@hookform/resolvers/zod';
import {
  confidenceFrom,
  correctnessFromErrors,
  CreateSession,
  CreateSessionInput,
  createSessionSchema,
  ErrorType,
  maxSubmissions,
  QuestionListItem,
} from '@app/contracts';
import * as Popover from '@radix-ui/react-popover';
import { ArrowLeft, ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import type { ReviewDraft } from '../helpers';

type ReviewInput = CreateSessionInput;

/** An empty number box counts 0 (spec section 5: empty allowed); anything else is checked by the contract. */
const asNumber = (v: unknown) => (v === '' || v === undefined || v === null ? 0 : Number(v));

/** What was typed, as the sign-in-again draft keeps it. */
function draftOf(values: ReviewInput): ReviewDraft {
  return {
    errors: values.errors ?? [],
    submissions: values.submissions ? String(values.submissions) : '',
    minutes: values.timer ? String(values.timer) : '',
    notes: typeof values.notes === 'string' ? values.notes : '',
  };
}

/**
 * The review form on react-hook-form with the contract's own schema (createSessionSchema): its
 * messages are the ones shown. Correctness and Confidence are computed live from what is typed
 * (the shared scoring code) and sent with the review.
 */
export function ReviewForm({
  question,
  errorTypes,
  draft,
  saving,
  onSave,
}: {
  question: QuestionListItem;
  errorTypes: ErrorType[] | undefined;
  draft: ReviewDraft | undefined;
  saving: boolean;
  /** True once stored: the form empties; false keeps what was typed. */
  onSave(review: CreateSession, draft: ReviewDraft): Promise<boolean>;
}) {
  const form = useForm<ReviewInput, unknown, CreateSession>({
    resolver: zodResolver(createSessionSchema),
    mode: 'onChange',
    defaultValues: {
      question_id: question.id,
      correctness: 100,
      confidence: 0,
      errors: draft?.errors ?? [],
      submissions: draft?.submissions ? Number(draft.submissions) : undefined,
      timer: draft?.minutes ? Number(draft.minutes) : undefined,
      notes: draft?.notes ?? '',
    },
  });
  const [chosen, submissions, minutes] = useWatch({ control: form.control, name: ['errors', 'submissions', 'timer'] });
  const correctness = correctnessFromErrors(chosen ?? [], errorTypes);
  const confidence = confidenceFrom(asNumber(submissions), asNumber(minutes));
  const { errors } = form.formState;

  const submit = (event: React.FormEvent) => {
    form.setValue('correctness', correctness);
    form.setValue('confidence', confidence);
    return form.handleSubmit(async (review) => {
      if (!(await onSave(review, draftOf(form.getValues())))) return;
      form.reset({ question_id: question.id, correctness: 100, confidence: 0, errors: [], submissions: undefined, timer: undefined, notes: '' });
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-2 sm:col-span-2">
        <Label htmlFor="review-errors">Errors</Label>
        <Controller
          control={form.control}
          name="errors"
          render={({ field }) => {
            const value = field.value ?? [];
            return (
              <Popover.Root>
                <Popover.Trigger asChild>
                  <button
                    id="review-errors"
                    type="button"
                    className="flex min-h-9 w-full flex-wrap items-center gap-1 rounded-md border border-input px-3 py-1.5 text-left text-sm shadow-sm"
                  >
                    {value.length === 0 ? <span className="text-muted-foreground">No errors: a clean solve</span> : null}
                    {value.map((id) => (
                      <span key={id} className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">
                        {errorTypes?.find((e) => e.id === id)?.name ?? id}
                      </span>
                    ))}
                    <ChevronDown className="ml-auto size-4 opacity-60" aria-hidden />
                  </button>
                </Popover.Trigger>
                <Popover.Portal>
                  <Popover.Content
                    align="start"
                    sideOffset={4}
                    className="z-50 w-[var(--radix-popover-trigger-width)] rounded-md border bg-popover p-1 shadow-md"
                  >
                    {errorTypes?.map((e) => (
                      <label key={e.id} className="flex cursor-pointer items-center gap-3 rounded-sm px-2 py-1.5 text-sm hover:bg-accent">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--primary)]"
                          checked={value.includes(e.id)}
                          onChange={() => field.onChange(value.includes(e.id) ? value.filter((x) => x !== e.id) : [...value, e.id])}
                        />
                        <span className="flex-1">{e.name}</span>
                        <span className="tabular-nums text-muted-foreground">−{e.score_impact}%</span>
                      </label>
                    ))}
                  </Popover.Content>
                </Popover.Portal>
              </Popover.Root>
            );
          }}
        />
        <FieldError id="review-errors-error" message={errors.errors?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="review-submissions">Submissions</Label>
        <Input
          id="review-submissions"
          type="number"
          min={0}
          max={maxSubmissions}
          inputMode="numeric"
          aria-invalid={!!errors.submissions}
          aria-describedby={errors.submissions ? 'review-submissions-error' : undefined}
          {...form.register('submissions', { setValueAs: asNumber })}
        />
        <FieldError id="review-submissions-error" message={errors.submissions?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="review-time">Time (minutes)</Label>
        <Input
          id="review-time"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          aria-invalid={!!errors.timer}
          aria-describedby={errors.timer ? 'review-time-error' : undefined}
          {...form.register('timer', { setValueAs: asNumber })}
        />
        <FieldError id="review-time-error" message={errors.timer?.message} />
      </div>
      {/* Computed, not typed: shown as figures, not as boxes that look editable. */}
      <div className="space-y-1">
        <Label htmlFor="review-correctness">Correctness (%)</Label>
        <output id="review-correctness" data-testid="correctness" className="block text-2xl font-semibold tabular-nums">
          {correctness}
        </output>
        <p className="text-xs text-muted-foreground">Computed from the errors you chose.</p>
      </div>
      <div className="space-y-1">
        <Label htmlFor="review-confidence">Confidence (%)</Label>
        <output id="review-confidence" data-testid="confidence" className="block text-2xl font-semibold tabular-nums">
          {confidence}
        </output>
        <p className="text-xs text-muted-foreground">Computed from submissions and time.</p>
      </div>
      <div className="space-y-2 sm:col-span-2">
        <Label htmlFor="review-notes">Notes</Label>
        <textarea
          id="review-notes"
          rows={3}
          placeholder="What tripped you up? What would you do differently?"
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground"
          aria-invalid={!!errors.notes}
          {...form.register('notes')}
        />
        <FieldError id="review-notes-error" message={errors.notes?.message} />
      </div>
      <div className="flex justify-between gap-2 sm:col-span-2">
        <Button asChild variant="outline">
          <Link to="/leetcode">
            <ArrowLeft aria-hidden /> Go Back
          </Link>
        </Button>
        <Button type="submit" disabled={saving}>
          Log Review
        </Button>
      </div>
    </form>
  );
}
