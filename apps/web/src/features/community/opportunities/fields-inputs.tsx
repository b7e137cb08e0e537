import { Opportunity, OpportunityFields, opportunityFieldsSchema, opportunityKindLabels, opportunityKinds } from '@app/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledSelect } from '../components/labelled-select';
import { seasonChoices } from './seasons';

/** The details as typed: locations comma-separated, choices as their select values. */
export interface FieldsDraft {
  company: string;
  locations: string;
  remote: 'unknown' | 'yes' | 'no';
  season: string;
  kind: string;
  deadline: string;
  sponsorship: OpportunityFields['sponsorship'];
}
const unknown = 'unknown';

export const emptyFieldsDraft: FieldsDraft = {
  company: '',
  locations: '',
  remote: unknown,
  season: unknown,
  kind: unknown,
  deadline: '',
  sponsorship: unknown,
};

export const draftOf = (o: Opportunity): FieldsDraft => ({
  company: o.company ?? '',
  locations: o.locations.join(', '),
  remote: o.remote === null ? unknown : o.remote ? 'yes' : 'no',
  season: o.season ?? unknown,
  kind: o.kind ?? unknown,
  deadline: o.deadline ?? '',
  sponsorship: o.sponsorship,
});

/** The draft checked by the contract's one fields schema: the fields, or each wrong field's message. */
export function parseFields(d: FieldsDraft): { fields: OpportunityFields; errors?: undefined } | { fields?: undefined; errors: Record<string, string> } {
  const parsed = opportunityFieldsSchema.safeParse({
    company: d.company,
    locations: d.locations
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    remote: d.remote === unknown ? null : d.remote === 'yes',
    season: d.season === unknown ? null : d.season,
    kind: d.kind === unknown ? null : d.kind,
    deadline: d.deadline || null,
    sponsorship: d.sponsorship,
  });
  return parsed.success ? { fields: parsed.data } : { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
}

/**
 * Company, where, when, kind, deadline and sponsorship, each "unknown" until stated: the inputs of
 * sharing an opportunity and of editing its details. `idPrefix` keeps ids unique on the page.
 */
export function FieldsInputs({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string;
  draft: FieldsDraft;
  onChange(draft: FieldsDraft): void;
  errors: Record<string, string>;
}) {
  const id = (key: keyof FieldsDraft) => `${idPrefix}-${key}`;
  const set = (key: keyof FieldsDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const error = (key: keyof FieldsDraft) =>
    errors[key] ? (
      <p id={`${id(key)}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: keyof FieldsDraft) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {});
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={id('company')}>Company</Label>
        <Input id={id('company')} value={draft.company} onChange={(e) => set('company')(e.target.value)} {...described('company')} />
        {error('company')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={id('locations')}>Locations (comma-separated)</Label>
        <Input
          id={id('locations')}
          value={draft.locations}
          placeholder="e.g. London, New York"
          onChange={(e) => set('locations')(e.target.value)}
          {...described('locations')}
        />
        {error('locations')}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <LabelledSelect
          id={id('remote')}
          label="Remote"
          value={draft.remote}
          onChange={set('remote')}
          options={[
            [unknown, 'Unknown'],
            ['yes', 'Remote'],
            ['no', 'On site'],
          ]}
        />
        <LabelledSelect
          id={id('kind')}
          label="Kind"
          value={draft.kind}
          onChange={set('kind')}
          options={[[unknown, 'Unknown'], ...opportunityKinds.map((k): [string, string] => [k, opportunityKindLabels[k]])]}
        />
        <LabelledSelect
          id={id('season')}
          label="Season"
          value={draft.season}
          onChange={set('season')}
          options={[[unknown, 'Unknown'], ...seasonChoices(draft.season, { upcoming: true })]}
        />
        <LabelledSelect
          id={id('sponsorship')}
          label="Visa sponsorship"
          value={draft.sponsorship}
          onChange={set('sponsorship')}
          options={[
            [unknown, 'Unknown'],
            ['yes', 'Yes'],
            ['no', 'No'],
          ]}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={id('deadline')}>Application deadline</Label>
        <Input id={id('deadline')} type="date" value={draft.deadline} onChange={(e) => set('deadline')(e.target.value)} {...described('deadline')} />
        {error('deadline')}
      </div>
    </>
  );
}
