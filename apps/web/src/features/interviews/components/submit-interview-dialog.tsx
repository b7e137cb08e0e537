import { zodResolver } from '@hookform/resolvers/zod';
import {
  formOutcomes,
  InterviewForm,
  InterviewFormInput,
  interviewLevels,
  interviewTitles,
  interviewTopics,
  maxRounds,
  roundCategories,
  topicLabel,
} from '@app/contracts';
import { ChevronsUpDown, Lock, Plus, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, TextField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useCompanies, useCreateCompany, useCreateInterview, useMyUsername } from '../api';
import { previewCard } from '../format';
import { interviewDialogSchema, localToday } from '../round-dates';
import { CompanyLogo } from './company-logo';
import { InterviewCard } from './interview-card';
import { blankOffer, checkOffer, OfferFields } from './offer-fields';
import { ProblemsInput } from './problems-input';

const defaults = (): InterviewFormInput => ({
  company: { id: null, name: '' },
  level: '',
  title: '',
  location: '',
  interview_process: [{ round: '', round_date_str: '', asked: '', problems: [] }],
  outcome: '',
  topics: [],
  show_username: false,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** An existing company, or a new one typed and confirmed with Enter (created when the form is sent). */
/** FormControl's id and aria props land on the trigger. */
function CompanyCombobox({
  value,
  onChange,
  ...trigger
}: {
  value: { id: string | null; name: string };
  onChange: (v: { id: string | null; name: string }) => void;
} & Pick<React.AriaAttributes, 'aria-invalid' | 'aria-describedby'> & { id?: string }) {
  const companies = useCompanies();
  const options = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name, icon: <CompanyLogo name={c.name} className="size-5" /> }));
  return (
    <Combobox
      {...trigger}
      options={options}
      value={value.id ?? undefined}
      onValueChange={(id) => onChange({ id: id ?? null, name: options.find((o) => o.value === id)?.label ?? '' })}
      onCreate={(name) => onChange({ id: null, name })}
      createLabel={(typed) => `Add "${typed}" as a new company`}
      label="Companies"
      searchPlaceholder="Search companies..."
      searchLabel="Search companies"
      emptyText="No company found."
      className="w-full"
    >
      <span className="flex min-w-0 items-center gap-2">
        {value.name ? <CompanyLogo name={value.name} className="size-5" /> : null}
        <span className={cn('truncate', !value.name && 'text-muted-foreground')}>{value.name || 'Select a company'}</span>
        {value.name && !value.id ? <Badge variant="secondary">new</Badge> : null}
      </span>
      <ChevronsUpDown className="opacity-50" aria-hidden />
    </Combobox>
  );
}

/** One of the spec's fixed lists (level, title) as a select, with its message under it. */
function ChoiceField({
  form,
  name,
  label,
  placeholder,
  options,
}: {
  form: UseFormReturn<InterviewFormInput, unknown, InterviewForm>;
  name: 'level' | 'title';
  label: string;
  placeholder: string;
  options: readonly string[];
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={`interview-${name}`}>
          <FormLabel>{label}</FormLabel>
          <Select value={text(field.value)} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option} value={option}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function TopicsCombobox({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const remove = (topic: string) => onChange(value.filter((t) => t !== topic));
  return (
    <div className="space-y-2">
      <Combobox
        id="interview-topics"
        multiple
        // Shown by the spec's word, found by the catalogue's too ('depth' finds DFS).
        options={interviewTopics.map((topic) => ({ value: topic, label: topicLabel(topic), keywords: [topic] }))}
        value={value}
        onValueChange={onChange}
        label="Topics"
        placeholder="Select topics"
        searchPlaceholder="Search topics..."
        searchLabel="Search topics"
        emptyText="No topic found."
        className="w-full"
      />
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen topics">
          {value.map((topic) => (
            <li key={topic}>
              <Badge variant="secondary" className="gap-1 pr-1 font-normal">
                {topicLabel(topic)}
                <button
                  type="button"
                  onClick={() => remove(topic)}
                  aria-label={`Remove ${topicLabel(topic)}`}
                  className="rounded-full p-0.5 hover:bg-background/60"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Spec section 2's Submit an Interview dialog; a new company is created first, then the interview (section 4). */
/** The spec's failure message, and the daily cap's own words when that is why (nothing else to fix in the form). */
const withCapReason = (message: string, err: unknown) => (err instanceof ApiError && err.status === 429 ? `${message}. ${err.message}` : message);

export function SubmitInterviewDialog() {
  const [open, setOpen] = React.useState(false);
  // "Preview my submission" checks the form and shows the card as others will see it; Publish sends it.
  const [previewing, setPreviewing] = React.useState<InterviewForm | null>(null);
  const [publishing, setPublishing] = React.useState(false);
  const createCompany = useCreateCompany();
  const createInterview = useCreateInterview();
  const username = useMyUsername();
  const form = useForm<InterviewFormInput, unknown, InterviewForm>({ resolver: zodResolver(interviewDialogSchema), defaultValues: defaults() });
  const rounds = useFieldArray({ control: form.control, name: 'interview_process' });
  const { errors, isSubmitting } = form.formState;
  const roundErrors = errors.interview_process;

  const [offer, setOffer] = React.useState(blankOffer);
  const [offerErrors, setOfferErrors] = React.useState<React.ComponentProps<typeof OfferFields>['errors']>({});
  const outcome = useWatch({ control: form.control, name: 'outcome' });

  // Offer details go with the outcome Offer only; hidden, they are not sent.
  const preview = form.handleSubmit((values) => {
    if (values.outcome !== 'offer') return setPreviewing({ ...values, offer: null });
    const checked = checkOffer(offer);
    setOfferErrors('errors' in checked ? checked.errors : {});
    if (!('errors' in checked)) setPreviewing({ ...values, offer: checked.offer });
  });
  const close = () => (setOpen(false), setPreviewing(null), form.reset(defaults()), setOffer(blankOffer()), setOfferErrors({}));

  const publish = async ({ company, ...interview }: InterviewForm) => {
    setPublishing(true);
    try {
      let companyId = company.id;
      if (!companyId) {
        try {
          companyId = (await createCompany.mutateAsync({ name: company.name })).data.id;
        } catch (err) {
          console.error('company creation failed', err);
          return toast({ variant: 'destructive', title: 'Error', description: withCapReason('Failed to add new company', err) });
        }
      }
      try {
        await createInterview.mutateAsync({ ...interview, company_id: companyId });
      } catch (err) {
        console.error('interview creation failed', err);
        return toast({ variant: 'destructive', title: 'Error', description: withCapReason('Failed to create interview', err) });
      }
      toast({ title: 'Interview Created', description: 'Your interview has been submitted successfully' });
      close();
    } finally {
      setPublishing(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button size="icon" aria-label="Add new experience" title="Add new experience">
          <Plus aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{previewing ? 'Preview your interview' : 'Submit an Interview'}</DialogTitle>
          <DialogDescription>
            {previewing
              ? 'This is the card others will see. Publish it, or go back and edit.'
              : 'Share your interview experience to help others prepare better.'}
          </DialogDescription>
        </DialogHeader>
        {previewing ? (
          <div className="space-y-5" data-testid="interview-preview">
            <InterviewCard interview={previewCard(previewing, username)} preview />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setPreviewing(null)}>
                Edit
              </Button>
              <Button type="button" disabled={publishing} onClick={() => void publish(previewing)}>
                {publishing ? 'Publishing...' : 'Publish'}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={preview} noValidate className="space-y-5">
              <FormField
                control={form.control}
                name="company"
                render={({ field }) => (
                  <FormItem id="interview-company">
                    <FormLabel>Company</FormLabel>
                    <FormControl>
                      <CompanyCombobox value={field.value} onChange={field.onChange} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <ChoiceField form={form} name="level" label="Level" placeholder="Select a level" options={interviewLevels} />
                <ChoiceField form={form} name="title" label="Title" placeholder="Select a title" options={interviewTitles} />
              </div>
              <TextField control={form.control} name="location" id="interview-location" label="Location" placeholder="e.g. London, UK" />

              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Interview rounds</legend>
                <ol className="space-y-2">
                  {rounds.fields.map((row, i) => (
                    <li key={row.id} className="space-y-1" data-testid="round-row">
                      <div className="flex items-start gap-2">
                        <span className="mt-2 w-5 shrink-0 text-sm text-muted-foreground">{i + 1}.</span>
                        <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_10rem]">
                          <Controller
                            control={form.control}
                            name={`interview_process.${i}.round`}
                            render={({ field }) => (
                              <Select value={text(field.value)} onValueChange={field.onChange}>
                                <SelectTrigger aria-label={`Round ${i + 1} category`} aria-invalid={!!roundErrors?.[i]?.round}>
                                  <SelectValue placeholder="Round category" />
                                </SelectTrigger>
                                <SelectContent>
                                  {roundCategories.map((c) => (
                                    <SelectItem key={c} value={c}>
                                      {c}
                                    </SelectItem>
                                  ))}
                                </SelectContent>
                              </Select>
                            )}
                          />
                          <Input
                            type="date"
                            max={localToday()}
                            aria-label={`Round ${i + 1} date`}
                            aria-invalid={!!roundErrors?.[i]?.round_date_str}
                            {...form.register(`interview_process.${i}.round_date_str`)}
                          />
                        </div>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove round ${i + 1}`}
                          disabled={rounds.fields.length <= 1}
                          onClick={() => rounds.remove(i)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                      <FieldError id={`interview-round-${i}-error`} message={roundErrors?.[i]?.round?.message ?? roundErrors?.[i]?.round_date_str?.message} />
                      <div className="space-y-2 pl-7 pr-11">
                        <Textarea
                          rows={2}
                          className="min-h-14"
                          placeholder="What was asked (optional)"
                          aria-label={`Round ${i + 1}: what was asked`}
                          aria-invalid={!!roundErrors?.[i]?.asked}
                          {...form.register(`interview_process.${i}.asked`)}
                        />
                        <Controller
                          control={form.control}
                          name={`interview_process.${i}.problems`}
                          render={({ field }) => (
                            <ProblemsInput label={`Round ${i + 1}: problems asked`} value={texts(field.value)} onChange={field.onChange} />
                          )}
                        />
                        <FieldError id={`interview-round-${i}-asked-error`} message={roundErrors?.[i]?.asked?.message ?? roundErrors?.[i]?.problems?.message} />
                      </div>
                    </li>
                  ))}
                </ol>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={rounds.fields.length >= maxRounds}
                  onClick={() => rounds.append({ round: '', round_date_str: '', asked: '', problems: [] })}
                >
                  <Plus aria-hidden /> Add round
                </Button>
                <FieldError id="interview-rounds-error" message={roundErrors?.message ?? roundErrors?.root?.message} />
                <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Lock className="size-3" aria-hidden /> Exact round dates are never shown publicly: others only see when the process finished and how long it
                  took.
                </p>
              </fieldset>

              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Outcome</legend>
                <Controller
                  control={form.control}
                  name="outcome"
                  render={({ field }) => (
                    <div className="grid grid-cols-3 gap-2">
                      {formOutcomes.map((o) => (
                        <Button
                          key={o.value}
                          type="button"
                          variant={field.value === o.value ? 'default' : 'outline'}
                          aria-pressed={field.value === o.value}
                          onClick={() => field.onChange(field.value === o.value ? '' : o.value)}
                        >
                          {o.label}
                        </Button>
                      ))}
                    </div>
                  )}
                />
                <FieldError id="interview-outcome-error" message={errors.outcome?.message} />
              </fieldset>
              {outcome === 'offer' ? <OfferFields value={offer} onChange={(next) => (setOffer(next), setOfferErrors({}))} errors={offerErrors} /> : null}

              <FormField
                control={form.control}
                name="topics"
                render={({ field }) => (
                  <FormItem id="interview-topics">
                    <FormLabel>Topics</FormLabel>
                    <TopicsCombobox value={texts(field.value)} onChange={field.onChange} />
                    <FormMessage />
                  </FormItem>
                )}
              />

              <div className="flex items-start gap-2">
                <Controller
                  control={form.control}
                  name="show_username"
                  render={({ field }) => (
                    <Checkbox
                      id="interview-show-username"
                      aria-describedby="interview-show-username-hint"
                      checked={!!field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      className="mt-0.5"
                    />
                  )}
                />
                <div className="grid gap-1">
                  <Label htmlFor="interview-show-username">Show my username</Label>
                  <p id="interview-show-username-hint" className="text-xs text-muted-foreground">
                    Off: others see “Some Candidate” as the author.
                  </p>
                </div>
              </div>

              <DialogFooter>
                <Button type="button" variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  Preview my submission
                </Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
