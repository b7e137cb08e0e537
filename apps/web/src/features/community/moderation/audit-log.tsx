import { ModerationAction } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { useModerationLog } from './api';
import { Empty, Loading } from './states';

const kindLabel: Record<ModerationAction['kind'], string> = {
  opportunity: 'opportunity',
  resource: 'resource',
  feature_request: 'feature request',
  feature_comment: 'a comment on',
  interview_comment: 'a comment on the interview',
  community_design: 'a community design of',
  community_design_comment: 'a comment on a design of',
  ask_question: 'the question',
  ask_answer: 'an answer to',
};
const actionLabel: Record<ModerationAction['action'], string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  taken_down: 'Took down',
  status_changed: 'Changed the status of',
  merged: 'Merged',
  edited: 'Edited',
  deleted: 'Deleted',
  restored: 'Restored',
  removed: 'Removed',
  closed_duplicate: 'Closed as a duplicate',
  reopened: 'Reopened',
  identity_opened: "Opened the asker's identity of",
};

/** Who did what to which item, when and why, and what it said before and after: the latest actions, newest first. */
export function AuditLog() {
  const log = useModerationLog(true);
  if (log.isPending) return <Loading label="Loading the audit log..." />;
  if (log.error || !log.data) throw log.error;
  if (log.data.length === 0) return <Empty>No moderator actions yet</Empty>;
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
          {a.before ? <p className="mt-1 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">Before: {a.before}</p> : null}
          {a.after ? <p className="mt-1 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">After: {a.after}</p> : null}
        </li>
      ))}
    </ol>
  );
}
