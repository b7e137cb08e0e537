import { ModerationDecision, ReviewedKind } from '@app/contracts';
import { Check, ExternalLink, Pencil, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { ReviewItem, useDecide, useReviewList } from './api';
import { ReasonDialog, ReasonRequest } from './reason-dialog';
import { Empty, Loading } from './states';

const nouns: Record<ReviewedKind, { one: string; many: string }> = {
  opportunity: { one: 'Opportunity', many: 'opportunities' },
  resource: { one: 'Resource', many: 'resources' },
};
const done: Record<ModerationDecision['status'], string> = { approved: 'approved', rejected: 'rejected', taken_down: 'taken down' };

/** Title and description as the moderator corrected them, before approving. */
function EditFields({ item, onChange }: { item: ReviewItem; onChange(edits: { title: string; description: string }): void }) {
  const [title, setTitle] = React.useState(item.title);
  const [description, setDescription] = React.useState(item.description);
  const id = React.useId();
  React.useEffect(() => {
    onChange({ title, description });
  }, [title, description, onChange]);
  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-title`}>Title</Label>
      <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      <Label htmlFor={`${id}-description`}>Description</Label>
      <Textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} />
    </div>
  );
}

function QueuedItem({ item, kind, onReason }: { item: ReviewItem; kind: ReviewedKind; onReason(r: ReasonRequest): void }) {
  const decide = useDecide(kind);
  const [editing, setEditing] = React.useState(false);
  const edits = React.useRef<{ title: string; description: string } | undefined>(undefined);
  const setEdits = React.useCallback((e: { title: string; description: string }) => {
    edits.current = e;
  }, []);
  const send = (decision: ModerationDecision) =>
    decide.mutateAsync({ id: item.id, decision }).then(
      () => toast({ title: `${nouns[kind].one} ${done[decision.status]}` }),
      // Another moderator was first: their decision stands, and the lists are read again.
      (err) => toast({ variant: 'destructive', title: 'Not changed', description: err instanceof ApiError ? err.message : 'Failed to update status' }),
    );
  const approve = () => {
    const changed = editing && edits.current;
    void send(changed ? { status: 'approved', title: changed.title.trim(), description: changed.description.trim() } : { status: 'approved' });
  };
  const listed = item.status === 'approved';
  return (
    <li className="rounded-lg border bg-card p-4 shadow-sm" data-testid={listed ? `listed-${kind}` : `queued-${kind}`}>
      {editing ? (
        <EditFields item={item} onChange={setEdits} />
      ) : (
        <>
          <h3 className="font-semibold [overflow-wrap:anywhere]">{item.title}</h3>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-sm text-muted-foreground">{item.description}</p>
        </>
      )}
      <a
        href={item.link}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-flex items-center gap-1 break-all text-sm text-primary underline-offset-4 hover:underline"
      >
        {item.link} <ExternalLink className="size-3" aria-hidden />
      </a>
      <div className="mt-3 flex flex-wrap gap-2">
        {listed ? (
          <Button
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            aria-label={`Take down ${item.title}`}
            onClick={() => onReason({ action: 'Take down', title: item.title, onConfirm: (reason) => void send({ status: 'taken_down', reason }) })}
          >
            <Trash2 aria-hidden /> Take down
          </Button>
        ) : (
          <>
            <Button size="sm" disabled={decide.isPending} onClick={approve} aria-label={`${editing ? 'Save and approve' : 'Approve'} ${item.title}`}>
              <Check aria-hidden /> {editing ? 'Save and approve' : 'Approve'}
            </Button>
            <Button size="sm" variant="outline" aria-pressed={editing} onClick={() => setEditing((e) => !e)} aria-label={`Edit ${item.title}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              aria-label={`Reject ${item.title}`}
              onClick={() => onReason({ action: 'Reject', title: item.title, onConfirm: (reason) => void send({ status: 'rejected', reason }) })}
            >
              <X aria-hidden /> Reject
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function ReviewList({ kind, pending, onReason }: { kind: ReviewedKind; pending: boolean; onReason(r: ReasonRequest): void }) {
  const list = useReviewList(kind, pending);
  const noun = nouns[kind].many;
  if (list.isPending) return <Loading label={`Loading ${noun}...`} />;
  if (list.isError) throw list.error;
  if (list.data.length === 0) return <Empty>{pending ? `No ${noun} waiting for review` : `No ${noun} listed`}</Empty>;
  return (
    <ul className="space-y-3" aria-label={pending ? `${nouns[kind].one}s waiting for review` : `Listed ${noun}`}>
      {list.data.map((item) => (
        <QueuedItem key={item.id} item={item} kind={kind} onReason={onReason} />
      ))}
    </ul>
  );
}

/** One kind's tab: the queue first, then what is listed, each with its decisions. */
export function ReviewQueue({ kind }: { kind: ReviewedKind }) {
  const [reason, setReason] = React.useState<ReasonRequest>();
  return (
    <div className="space-y-6">
      <ReviewList kind={kind} pending onReason={setReason} />
      <section className="space-y-3" aria-labelledby={`listed-${kind}-heading`}>
        <h2 id={`listed-${kind}-heading`} className="text-lg font-semibold">
          Listed {nouns[kind].many}
        </h2>
        <ReviewList kind={kind} pending={false} onReason={setReason} />
      </section>
      {reason ? <ReasonDialog request={reason} onClose={() => setReason(undefined)} /> : null}
    </div>
  );
}
