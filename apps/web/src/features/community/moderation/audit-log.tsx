import { ModerationAction } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { useModerationLog } from './api';
import { Empty, Loading } from './states';

const kindLabel: Record<ModerationAction['kind'], string> = { opportunity: 'opportunity', resource: 'resource', feature_request: 'feature request' };
const actionLabel: Record<ModerationAction['action'], string> = { approved: 'Approved', rejected: 'Rejected', taken_down: 'Took down' };

/** Who did what to which item, when and why: the latest decisions, newest first. */
export function AuditLog() {
  const log = useModerationLog(true);
  if (log.isPending) return <Loading label="Loading the audit log..." />;
  if (log.isError) throw log.error;
  if (log.data.length === 0) return <Empty>No decisions yet</Empty>;
  return (
    <ol className="space-y-2" aria-label="Audit log">
      {log.data.map((a) => (
        <li key={a.id} className="rounded-lg border bg-card p-3 text-sm shadow-sm" data-testid="audit-entry">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{a.moderator_name}</span>
            <Badge variant={a.action === 'approved' ? 'secondary' : 'outline'}>{actionLabel[a.action]}</Badge>
            <span className="text-muted-foreground">{kindLabel[a.kind]}</span>
            <span className="min-w-0 font-medium [overflow-wrap:anywhere]">“{a.item_title}”</span>
            {a.edited ? <span className="text-muted-foreground">(edited first)</span> : null}
            <time className="text-xs text-muted-foreground sm:ml-auto" dateTime={a.created_at}>
              {new Date(a.created_at).toLocaleString()}
            </time>
          </div>
          {a.reason ? <p className="mt-1 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">Reason: {a.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
