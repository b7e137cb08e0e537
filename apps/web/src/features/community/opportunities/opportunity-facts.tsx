import { Opportunity, opportunityKindLabels } from '@app/contracts';
import { Building2, CalendarClock, MapPin, Plane } from 'lucide-react';

const day = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** The structured fields stated so far; unknown ones are left out rather than guessed. */
export function OpportunityFacts({ opportunity: o }: { opportunity: Opportunity }) {
  const where = [...o.locations, ...(o.remote ? ['Remote'] : [])].join(' · ');
  const term = [o.kind && opportunityKindLabels[o.kind], o.season].filter(Boolean).join(', ');
  return (
    <dl className="mt-3 space-y-1 text-sm text-muted-foreground">
      {o.company ? (
        <div className="flex items-center gap-2">
          <dt>
            <Building2 className="size-4" aria-hidden />
            <span className="sr-only">Company</span>
          </dt>
          <dd className="font-medium text-foreground [overflow-wrap:anywhere]">{o.company}</dd>
        </div>
      ) : null}
      {where ? (
        <div className="flex items-center gap-2">
          <dt>
            <MapPin className="size-4" aria-hidden />
            <span className="sr-only">Location</span>
          </dt>
          <dd className="[overflow-wrap:anywhere]">{where}</dd>
        </div>
      ) : null}
      {term || o.deadline ? (
        <div className="flex items-center gap-2">
          <dt>
            <CalendarClock className="size-4" aria-hidden />
            <span className="sr-only">Term and deadline</span>
          </dt>
          <dd>
            {term}
            {term && o.deadline ? ' · ' : null}
            {o.deadline ? <span className={o.pastDeadline ? 'text-destructive' : undefined}>Apply by {day(o.deadline)}</span> : null}
          </dd>
        </div>
      ) : null}
      {o.sponsorship !== 'unknown' ? (
        <div className="flex items-center gap-2">
          <dt>
            <Plane className="size-4" aria-hidden />
            <span className="sr-only">Visa sponsorship</span>
          </dt>
          <dd>{o.sponsorship === 'yes' ? 'Sponsors visas' : 'No visa sponsorship'}</dd>
        </div>
      ) : null}
    </dl>
  );
}
