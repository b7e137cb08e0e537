import { Opportunity, OpportunityFields, opportunityFieldsSchema, opportunityKindLabels, opportunityKinds } from '@app/contracts';
import { Pencil } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useSetOpportunityFields } from './api';
import { seasonChoices } from './seasons';

/** What the form holds: the fields as typed (locations comma-separated, choices as their select values). */
interface Draft {
  company: string;
  locations: string;
  remote: 'unknown' | 'yes' | 'no';
  season: string;
  kind: string;
  deadline: string;
  sponsorship: OpportunityFields['sponsorship'];
}
const unknown = 'unknown';

const draftOf = (o: Opportunity): Draft => ({
  company: o.company ?? '',
  locations: o.locations.join(', '),
  remote: o.remote === null ? unknown : o.remote ? 'yes' : 'no',
  season: o.season ?? unknown,
  kind: o.kind ?? unknown,
  deadline: o.deadline ?? '',
  sponsorship: o.sponsorship,
});

const fieldsOf = (d: Draft) => ({
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

function Choice({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  options: Array<[string, string]>;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, text]) => (
            <SelectItem key={v} value={v}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Company, where, when, kind, deadline and sponsorship: stated by the opportunity's author or a moderator. */
export function FieldsDialog({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState(() => draftOf(opportunity));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useSetOpportunityFields();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = opportunityFieldsSchema.safeParse(fieldsOf(draft));
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      await save.mutateAsync({ id: opportunity.id, fields: parsed.data });
      toast({ title: 'Details saved' });
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) return setErrors(err.fields);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save the details.' });
    }
  };
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${key}-${opportunity.id}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const id = (key: string) => `${key}-${opportunity.id}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setDraft(draftOf(opportunity));
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit details of ${opportunity.title}`}>
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Opportunity details</DialogTitle>
          <DialogDescription>What candidates filter by. Leave what you do not know unknown.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={id('company')}>Company</Label>
            <Input id={id('company')} value={draft.company} onChange={(e) => set('company')(e.target.value)} aria-invalid={!!errors.company} />
            {error('company')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id('locations')}>Locations (comma-separated)</Label>
            <Input
              id={id('locations')}
              value={draft.locations}
              placeholder="e.g. London, New York"
              onChange={(e) => set('locations')(e.target.value)}
              aria-invalid={!!errors.locations}
            />
            {error('locations')}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Choice
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
            <Choice
              id={id('kind')}
              label="Kind"
              value={draft.kind}
              onChange={set('kind')}
              options={[[unknown, 'Unknown'], ...opportunityKinds.map((k): [string, string] => [k, opportunityKindLabels[k]])]}
            />
            <Choice
              id={id('season')}
              label="Season"
              value={draft.season}
              onChange={set('season')}
              options={[[unknown, 'Unknown'], ...seasonChoices(draft.season)]}
            />
            <Choice
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
            <Input id={id('deadline')} type="date" value={draft.deadline} onChange={(e) => set('deadline')(e.target.value)} aria-invalid={!!errors.deadline} />
            {error('deadline')}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save details
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
