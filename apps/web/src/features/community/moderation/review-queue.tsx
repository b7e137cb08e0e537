import { ModerationDecision, OpportunityDecision, ResourceDecision, ReviewedKind } from '@app/contracts';
import { Check, ExternalLink, Loader2, Pencil, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { ReviewItem, useDecide, useListedPages, useReviewQueue } from './api';
import { OpportunityCorrections, Refusal, ResourceCorrections } from './corrections';
import { ReasonDialog, ReasonRequest } from './reason-dialog';
import { Empty, Loading } from './states';

const nouns: Record<ReviewedKind, { one: string; many: string }> = {
  opportunity: { one: 'Opportunity', many: 'opportunities' },
  resource: { one: 'Resource', many: 'resources' },
};
const done: Record<ModerationDecision['status'], string> = { approved: 'approved', rejected: 'rejected', taken_down: 'taken down' };

function QueuedItem({ item, kind, onReason }: { item: ReviewItem; kind: ReviewedKind; onReason(r: ReasonRequest): void }) {
  const decide = useDecide(kind);
  const [editing, setEditing] = React.useState(false);
  const [refusal, setRefusal] = React.useState<Refusal>();
  const send = (decision: OpportunityDecision | ResourceDecision) => {
    setRefusal(undefined);
    return decide.mutateAsync({ id: item.id, decision }).then(
      () => {
        toast({ title: `${nouns[kind].one} ${done[decision.status]}` });
      },
      (err) => {
        // A corrected link shared already, or a field refused: said at the field, the form stays open.
        if (err instanceof ApiError && (err.status === 400 || err.status === 409) && Object.keys(err.fields).length > 0) {
          const { listed, ...fields } = err.fields;
          setRefusal({ fields, listed });
        }
        // Another moderator was first: their decision stands, and the lists are read again.
        toast({ variant: 'destructive', title: 'Not changed', description: err instanceof ApiError ? err.message : 'Failed to update status' });
      },
    );
  };
  const listed = item.status === 'approved';
  const stopEditing = () => {
    setEditing(false);
    setRefusal(undefined);
  };
  return (
    <li className="rounded-lg border bg-card p-4 shadow-sm" data-testid={listed ? `listed-${kind}` : `queued-${kind}`}>
      {editing && item.kind === 'opportunity' ? (
        <OpportunityCorrections opportunity={item.opportunity} refusal={refusal} pending={decide.isPending} onApprove={send} onCancel={stopEditing} />
      ) : editing && item.kind === 'resource' ? (
        <ResourceCorrections resource={item.resource} refusal={refusal} pending={decide.isPending} onApprove={send} onCancel={stopEditing} />
      ) : (
        <>
          <h3 className="font-semibold [overflow-wrap:anywhere]">{item.title}</h3>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-sm text-muted-foreground">{item.description}</p>
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
                <Button size="sm" disabled={decide.isPending} onClick={() => void send({ status: 'approved' })} aria-label={`Approve ${item.title}`}>
                  <Check aria-hidden /> Approve
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${item.title}`}>
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
        </>
      )}
    </li>
  );
}

function Queue({ kind, onReason }: { kind: ReviewedKind; onReason(r: ReasonRequest): void }) {
  const list = useReviewQueue(kind);
  const noun = nouns[kind].many;
  if (list.isPending) return <Loading label={`Loading ${noun}...`} />;
  if (list.isError) throw list.error;
  if (list.data.length === 0) return <Empty>{`No ${noun} waiting for review`}</Empty>;
  return (
    <ul className="space-y-3" aria-label={`${nouns[kind].one}s waiting for review`}>
      {list.data.map((item) => (
        <QueuedItem key={item.id} item={item} kind={kind} onReason={onReason} />
      ))}
    </ul>
  );
}

/** What is listed, a page at a time (the newest first), each with its take-down. */
function Listed({ kind, onReason }: { kind: ReviewedKind; onReason(r: ReasonRequest): void }) {
  const pages = useListedPages(kind);
  const noun = nouns[kind].many;
  if (pages.isPending) return <Loading label={`Loading ${noun}...`} />;
  if (pages.isError) throw pages.error;
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty>{`No ${noun} listed`}</Empty>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={`Listed ${noun}`}>
        {items.map((item) => (
          <QueuedItem key={item.id} item={item} kind={kind} onReason={onReason} />
        ))}
      </ul>
      {pages.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {pages.isFetchingNextPage ? 'Loading...' : `Show more listed ${noun}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** One kind's tab: the queue first, then what is listed, each with its decisions. */
export function ReviewQueue({ kind }: { kind: ReviewedKind }) {
  const [reason, setReason] = React.useState<ReasonRequest>();
  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby={`queued-${kind}-heading`}>
        <h2 id={`queued-${kind}-heading`} className="text-lg font-semibold">
          Waiting for review
        </h2>
        <Queue kind={kind} onReason={setReason} />
      </section>
      <section className="space-y-3" aria-labelledby={`listed-${kind}-heading`}>
        <h2 id={`listed-${kind}-heading`} className="text-lg font-semibold">
          Listed {nouns[kind].many}
        </h2>
        <Listed kind={kind} onReason={setReason} />
      </section>
      {reason ? <ReasonDialog request={reason} onClose={() => setReason(undefined)} /> : null}
    </div>
  );
}
