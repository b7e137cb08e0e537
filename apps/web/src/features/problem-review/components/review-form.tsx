import { zodResolver } from '@hookform/resolvers/zod';
import {
  confidenceFrom,
  correctnessFromErrors,
  CreateSession,
  CreateSessionInput,
  createSessionSchema,
  ErrorType,
  gradeNames,
  maxSubmissions,
  QuestionListItem,
  reviewGrade,
  ReviewGrade,
  reviewGrades,
} from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import * as React from 'react';
import { useForm, useWatch, type ControllerRenderProps } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, TextField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/lib/auth';
import { keepReviewDraft, readReviewDraft, typingIn, type ReviewDraft } from '../helpers';
import { Stopwatch } from './stopwatch';

type ReviewInput = CreateSessionInput;

/** An empty number box counts 0 (spec section 5: empty allowed); anything else is checked by the contract. */
const asNumber = (v: unknown) => (v === '' || v === undefined || v === null ? 0 : Number(v));

/**
 * A number box whose text stays as typed (an emptied box stays empty) while the form holds its
 * number, an empty box counting 0; a reset or a restored draft rewrites the text.
 */
function NumberInput({
  value,
  onChange,
  ...props
}: Omit<ControllerRenderProps<ReviewInput, 'submissions' | 'timer'>, 'value'> & { value: unknown } & Omit<
    React.ComponentProps<typeof Input>,
    'value' | 'onChange'
  >) {
  const shown = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const [text, setText] = React.useState(() => shown(value));
  if (asNumber(text) !== asNumber(value) || (value === undefined && text !== '')) setText(shown(value));
  return (
    <Input
      type="number"
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(asNumber(event.target.value));
      }}
    />
  );
}

const gradeHints: Record<ReviewGrade, string> = {
  again: 'Could not solve it',
  hard: 'Solved, with effort',
  good: 'Solved',
  easy: 'Solved at once',
};

/**
 * Again/Hard/Good/Easy, as Anki asks it; none chosen, the scores give it (shown). Keys 1–4 choose
 * one from anywhere on the page but a text field; choosing the chosen one again clears it.
 */
function GradePicker({ value, onChange, fromScores }: { value: ReviewGrade | null; onChange(grade: ReviewGrade | null): void; fromScores: ReviewGrade }) {
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target) || document.querySelector('[role=dialog], [role=listbox]')) return;
      const grade = reviewGrades[Number(event.key) - 1];
      if (!/^[1-4]$/.test(event.key) || !grade) return;
      event.preventDefault();
      onChange(grade);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onChange]);
  return (
    <div className="space-y-2 sm:col-span-2">
      <p id="review-grade-label" className="text-sm font-medium">
        Grade <span className="font-normal text-muted-foreground">(optional; keys 1–4)</span>
      </p>
      <div role="radiogroup" aria-labelledby="review-grade-label" aria-describedby="review-grade-hint" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {reviewGrades.map((grade, i) => (
          <Button
            key={grade}
            type="button"
            role="radio"
            aria-checked={value === grade}
            variant={value === grade ? 'default' : 'outline'}
            className="h-auto flex-col items-start gap-0 py-2 text-left"
            onClick={() => onChange(value === grade ? null : grade)}
          >
            <span className="font-semibold">
              <kbd className="mr-1 font-mono text-xs opacity-80">{i + 1}</kbd>
              {gradeNames[grade]}
            </span>
            <span className="text-xs font-normal opacity-80">{gradeHints[grade]}</span>
          </Button>
        ))}
      </div>
      <p id="review-grade-hint" className="text-xs text-muted-foreground" data-testid="grade-hint">
        {value ? `Graded ${gradeNames[value]}.` : `No grade chosen: your scores give ${gradeNames[fromScores]}.`}
      </p>
    </div>
  );
}

/** What was typed, as the draft keeps it. */
function draftOf(values: Partial<ReviewInput>): ReviewDraft {
  return {
    errors: (values.errors ?? []).filter((e): e is string => typeof e === 'string'),
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
  saving,
  onSave,
}: {
  question: QuestionListItem;
  errorTypes: ErrorType[] | undefined;
  saving: boolean;
  /** True once stored: the form empties (and its draft goes); false keeps what was typed. */
  onSave(review: CreateSession): Promise<boolean>;
}) {
  const { user } = useAuth();
  // Whose draft this is: still the same user's once their session has ended, until someone else signs in.
  const [owner, setOwner] = React.useState(user?.id);
  if (user && user.id !== owner) setOwner(user.id);
  const [draft] = React.useState(() => (user ? readReviewDraft(user.id, question.id) : undefined));
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
      grade: null,
    },
  });
  const [chosen, submissions, minutes, grade] = useWatch({ control: form.control, name: ['errors', 'submissions', 'timer', 'grade'] });
  const correctness = correctnessFromErrors(chosen ?? [], errorTypes);
  const confidence = confidenceFrom(asNumber(submissions), asNumber(minutes));
  const setGrade = React.useCallback((value: ReviewGrade | null) => form.setValue('grade', value), [form]);
  const typed = useWatch({ control: form.control });
  React.useEffect(() => {
    if (owner) keepReviewDraft(owner, question.id, draftOf(typed));
  }, [owner, typed, question.id]);
  const setMinutes = React.useCallback((value: number) => form.setValue('timer', value, { shouldValidate: true }), [form]);
  /** A new stopwatch with each review stored. */
  const [round, setRound] = React.useState(0);

  const submit = (event: React.FormEvent) => {
    form.setValue('correctness', correctness);
    form.setValue('confidence', confidence);
    // A box never typed in holds no number yet: empty counts 0, as when it was emptied.
    form.setValue('submissions', asNumber(form.getValues('submissions')));
    form.setValue('timer', asNumber(form.getValues('timer')));
    return form.handleSubmit(async (review) => {
      if (!(await onSave(review))) return;
      // Stored: the draft goes now, as the page may already be leaving.
      if (owner) keepReviewDraft(owner, question.id, draftOf({}));
      form.reset({ question_id: question.id, correctness: 100, confidence: 0, errors: [], submissions: undefined, timer: undefined, notes: '', grade: null });
      setRound((n) => n + 1);
    })(event);
  };

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="errors"
          render={({ field }) => (
            <FormItem id="review-errors" className="sm:col-span-2">
              <FormLabel>Errors</FormLabel>
              <FormControl>
                <Combobox
                  ref={field.ref}
                  multiple
                  label="Error types"
                  value={field.value ?? []}
                  onValueChange={field.onChange}
                  options={(errorTypes ?? []).map((e) => ({ value: e.id, label: e.name, hint: `−${e.score_impact}%` }))}
                  placeholder="No errors: a clean solve"
                  searchPlaceholder="Search error types..."
                  searchLabel="Search error types"
                  emptyText="No error type found."
                  renderValue={(selected) => (
                    <span className="flex min-w-0 flex-wrap gap-1">
                      {selected.map((e) => (
                        <span key={e.value} className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">
                          {e.label}
                        </span>
                      ))}
                    </span>
                  )}
                  className="h-auto min-h-9 w-full py-1.5"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="submissions"
          render={({ field }) => (
            <FormItem id="review-submissions">
              <FormLabel>Submissions</FormLabel>
              <FormControl>
                <NumberInput {...field} min={0} max={maxSubmissions} inputMode="numeric" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="timer"
          render={({ field }) => (
            <FormItem id="review-time">
              <FormLabel>Time (minutes)</FormLabel>
              <FormControl>
                <NumberInput {...field} min={0} step="any" inputMode="decimal" />
              </FormControl>
              <Stopwatch key={round} onMinutes={setMinutes} />
              <FormMessage />
            </FormItem>
          )}
        />
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
        <GradePicker value={grade ?? null} onChange={setGrade} fromScores={reviewGrade({ correctness, confidence, timer: asNumber(minutes) })} />
        <TextField
          control={form.control}
          name="notes"
          id="review-notes"
          className="sm:col-span-2"
          label="Notes"
          multiline
          rows={3}
          placeholder="What tripped you up? What would you do differently?"
        />
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
    </Form>
  );
}
