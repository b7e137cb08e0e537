import { FlaggedKind, FlaggedPost, flagReasonLabels } from '@app/contracts';
import { RotateCcw, Trash2, UserSearch } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDecideFlaggedPost, useFlaggedPosts, useOpenAsker } from './api';
import { ReasonDialog, ReasonRequest } from './reason-dialog';
import { Empty, Loading } from './states';

/** What each kind is called, and how its heading names it after what it is about. */
const kinds: Record<FlaggedKind, { noun: string; heading(title: string): string }> = {
  question: { noun: 'Question', heading: (title) => title },
  answer: { noun: 'Answer', heading: (title) => `Answer to “${title}”` },
  design: { noun: 'Design', heading: (title) => `Community design of “${title}”` },
  design_comment: { noun: 'Comment', heading: (title) => `Comment on a design of “${title}”` },
};

const failed = (err: unknown) =>
  toast({ variant: 'destructive', title: 'Not changed', description: err instanceof ApiError ? err.message : 'Failed to update the post' });

function FlaggedItem({ post, onReason }: { post: FlaggedPost; onReason(r: ReasonRequest): void }) {
  const decide = useDecideFlaggedPost();
  const openAsker = useOpenAsker();
  const [asker, setAsker] = React.useState<string>();
  const { noun, heading } = kinds[post.kind];
  const send = (decision: 'restore' | 'remove', reason?: string) =>
    decide
      .mutateAsync({ kind: post.kind, id: post.id, decision, reason })
      .then(() => toast({ title: `${noun} ${decision === 'restore' ? 'restored' : 'removed'}` }), failed);
  const open = (reason: string) => openAsker.mutateAsync({ id: post.id, reason }).then((who) => setAsker(who.name ?? who.user_id ?? 'Deleted account'), failed);
  return (
    <li className="space-y-2 rounded-lg border bg-card p-4 shadow-sm" data-testid="flagged-post">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{noun}</Badge>
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          <Link to={post.link} className="text-primary underline-offset-2 hover:underline">
            {heading(post.title)}
          </Link>
        </h3>
        {post.hidden ? <Badge variant="secondary">Hidden pending review</Badge> : null}
      </div>
      <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground [overflow-wrap:anywhere]">{post.body}</p>
      <ul className="space-y-1 text-sm" aria-label={`Flags on ${heading(post.title)}`}>
        {post.flags.map((f, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{flagReasonLabels[f.reason]}</span>
            {f.note ? <span className="text-muted-foreground"> — {f.note}</span> : null}
          </li>
        ))}
      </ul>
      {asker ? (
        <p className="text-sm" role="status">
          Asked by <span className="font-medium">{asker}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void send('restore')}>
          <RotateCcw className="size-4" aria-hidden /> Restore
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={decide.isPending}
          onClick={() =>
            onReason({ action: 'Remove', title: heading(post.title), readBy: 'The reason is kept in the audit log.', onConfirm: (r) => void send('remove', r) })
          }
        >
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
        {post.anonymous && !asker ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={openAsker.isPending}
            onClick={() =>
              onReason({
                action: 'Open identity',
                title: post.title,
                readBy: 'Who asked is shown to you only; the opening and its reason are recorded in the audit log.',
                onConfirm: (r) => void open(r),
              })
            }
          >
            <UserSearch className="size-4" aria-hidden /> Open identity
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Flagged posts with the members' reasons: Ask a SWE's questions and answers, community designs and
 * their comments; restored (flags dismissed) or removed, every action audited.
 */
export function FlaggedPosts() {
  const [reason, setReason] = React.useState<ReasonRequest>();
  const posts = useFlaggedPosts();
  if (posts.isPending) return <Loading label="Loading flagged posts..." />;
  if (posts.isError) throw posts.error;
  if (posts.data.length === 0) return <Empty>No flagged posts</Empty>;
  return (
    <>
      <h2 className="sr-only">Flagged posts</h2>
      <ul className="space-y-3" aria-label="Flagged posts">
        {posts.data.map((p) => (
          <FlaggedItem key={`${p.kind}-${p.id}`} post={p} onReason={setReason} />
        ))}
      </ul>
      {reason ? <ReasonDialog request={reason} onClose={() => setReason(undefined)} /> : null}
    </>
  );
}
