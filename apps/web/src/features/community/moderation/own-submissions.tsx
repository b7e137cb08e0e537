import { ModeratedKind, OwnSubmission } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { useOwnSubmissions } from './api';

const stateLabel: Record<OwnSubmission['status'], string> = {
  pending: 'Pending review',
  approved: 'Listed',
  rejected: 'Rejected',
  taken_down: 'Taken down',
};

/**
 * The caller's own shares of one kind that are not listed, and why: pending review, or "Rejected:
 * <reason>" / "Taken down: <reason>" when a moderator said no. Listed ones are in the list itself.
 */
export function OwnSubmissions({ kind }: { kind: ModeratedKind }) {
  const submissions = useOwnSubmissions();
  const mine = submissions.data?.filter((s) => s.kind === kind && s.status !== 'approved') ?? [];
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="own-submissions" className="space-y-2">
      <h2 id="own-submissions" className="text-lg font-semibold">
        Your submissions
      </h2>
      <ul className="space-y-2">
        {mine.map((s) => (
          <li key={s.id} className="rounded-lg border bg-card p-3 text-sm shadow-sm" data-testid="own-submission">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{s.title}</span>
              <Badge variant={s.status === 'rejected' || s.status === 'taken_down' ? 'outline' : 'secondary'}>{stateLabel[s.status]}</Badge>
            </div>
            {s.reason ? (
              <p className="mt-1 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
                {stateLabel[s.status]}: {s.reason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
