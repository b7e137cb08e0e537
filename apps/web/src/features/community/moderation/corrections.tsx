import {
  ExternalResource,
  moderateOpportunitySchema,
  moderateResourceSchema,
  Opportunity,
  OpportunityDecision,
  ResourceDecision,
  selectiveBadge,
} from '@app/contracts';
import { Check } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { draftOf, FieldsDraft, FieldsInputs, parseFields } from '../opportunities/fields-inputs';
import { ListedLink } from './listed-link';

/** What the server refused of a correction: each field's message, and where an already-listed link is. */
export interface Refusal {
  fields: Record<string, string>;
  listed?: string;
}

type Errors = Record<string, string>;
const issuesOf = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors =>
  Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));

/** One labelled text input or text area of the form, with its message when refused. */
function Field({
  id,
  label,
  value,
  onChange,
  error,
  multiline,
  type,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  multiline?: boolean;
  type?: string;
  children?: React.ReactNode;
}) {
  const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} {...described} />
      ) : (
        <Input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} {...described} />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function Actions({ title, pending, onCancel }: { title: string; pending: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" size="sm" disabled={pending} aria-label={`Save and approve ${title}`}>
        <Check aria-hidden /> Save and approve
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

interface FormProps<Decision> {
  refusal?: Refusal;
  pending: boolean;
  onApprove(decision: Decision): void;
  onCancel(): void;
}

/** An opportunity as the moderator corrects it before approving: text, link, pay, badge and the details candidates filter by. */
export function OpportunityCorrections({ opportunity, refusal, pending, onApprove, onCancel }: FormProps<OpportunityDecision> & { opportunity: Opportunity }) {
  const id = React.useId();
  const [title, setTitle] = React.useState(opportunity.title);
  const [description, setDescription] = React.useState(opportunity.description);
  const [link, setLink] = React.useState(opportunity.link);
  const [compensation, setCompensation] = React.useState(opportunity.compensation ? String(opportunity.compensation) : '');
  const [selective, setSelective] = React.useState(opportunity.badge === selectiveBadge);
  const [details, setDetails] = React.useState<FieldsDraft>(() => draftOf(opportunity));
  const [checked, setErrors] = React.useState<Errors>({});
  // The server's refusal (a link listed elsewhere, a field it refused) shows until the next try, which clears it.
  const errors = { ...refusal?.fields, ...checked };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsedDetails = parseFields(details);
    const parsed = moderateOpportunitySchema.safeParse({
      status: 'approved',
      title,
      description,
      link,
      compensation,
      badge: selective ? selectiveBadge : null,
      ...parsedDetails.fields,
    });
    const wrong = { ...(parsedDetails.errors ?? {}), ...(parsed.success ? {} : issuesOf(parsed.error.issues)) };
    if (!parsed.success || parsedDetails.errors) return setErrors(wrong);
    setErrors({});
    onApprove(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Correct ${opportunity.title}`}>
      <Field id={`${id}-title`} label="Title" value={title} onChange={setTitle} error={errors.title} />
      <Field id={`${id}-description`} label="Description" value={description} onChange={setDescription} error={errors.description} multiline />
      <Field id={`${id}-link`} label="Application link" type="url" value={link} onChange={setLink} error={errors.link}>
        <ListedLink to={refusal?.listed} onFollow={() => undefined} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:items-end">
        <Field
          id={`${id}-compensation`}
          label="Compensation (USD, optional)"
          type="number"
          value={compensation}
          onChange={setCompensation}
          error={errors.compensation}
        />
        <div className="flex items-center gap-2 pb-2">
          <Checkbox id={`${id}-selective`} checked={selective} onCheckedChange={(checked) => setSelective(checked === true)} />
          <Label htmlFor={`${id}-selective`}>Selective program</Label>
        </div>
      </div>
      <fieldset className="space-y-4 border-t pt-4">
        <legend className="float-left mb-2 w-full text-sm font-medium">Details</legend>
        <FieldsInputs idPrefix={`${id}-details`} draft={details} onChange={setDetails} errors={errors} />
      </fieldset>
      <Actions title={opportunity.title} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/** A resource as the moderator corrects it before approving: text, link and who made it. */
export function ResourceCorrections({ resource, refusal, pending, onApprove, onCancel }: FormProps<ResourceDecision> & { resource: ExternalResource }) {
  const id = React.useId();
  const [draft, setDraft] = React.useState({ title: resource.title, description: resource.description, url: resource.url, author: resource.author });
  const [checked, setErrors] = React.useState<Errors>({});
  const errors = { ...refusal?.fields, ...checked };
  const set = (key: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = moderateResourceSchema.safeParse({ status: 'approved', ...draft });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrors({});
    onApprove(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Correct ${resource.title}`}>
      <Field id={`${id}-title`} label="Title" value={draft.title} onChange={set('title')} error={errors.title} />
      <Field id={`${id}-description`} label="Description" value={draft.description} onChange={set('description')} error={errors.description} multiline />
      <Field id={`${id}-url`} label="Link" type="url" value={draft.url} onChange={set('url')} error={errors.url}>
        <ListedLink to={refusal?.listed} onFollow={() => undefined} />
      </Field>
      <Field id={`${id}-author`} label="Author" value={draft.author} onChange={set('author')} error={errors.author} />
      <Actions title={resource.title} pending={pending} onCancel={onCancel} />
    </form>
  );
}
