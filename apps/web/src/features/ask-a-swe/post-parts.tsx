import {
  askCommentInputSchema,
  AskAuthor,
  AskComment,
  askLimits,
  askMessages,
  askPrivilegeActions,
  askPrivileges,
  MyAskStanding,
  PostKind,
  relativeTime,
} from '@app/contracts';
import { ArrowBigDown, ArrowBigUp, BriefcaseBusiness, History, Loader2 } from 'lucide-react';
import * as React from 'react';
import { FlagButton as FlagDialogButton } from '@/components/flag-button';
import { ModeratorBadge } from '@/components/moderator-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, tryAgainHint } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useComment, useDeleteComment, useEditComment, useFlag, useRevisions, useVote } from './api';
import { PostBody } from './post-body';

/** The server's sentence for a refusal (with when to try again after a cap), or ours when there is none. */
export const failure = (err: unknown, fallback: string) => (err instanceof ApiError ? [err.message, tryAgainHint(err)].filter(Boolean).join(' ') : fallback);

const failed = (fallback: string) => (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, fallback) });

/**
 * Who wrote a post, as others see it: an anonymous asker is "Anonymous" everywhere, their answers
 * and comments in the thread too; a deleted account has no name.
 */
export function Byline({
  author,
  byAsker,
  anonymous,
  companyName,
  createdAt,
  editedAt,
  showAsker = true,
}: {
  author: AskAuthor | null;
  byAsker: boolean;
  anonymous: boolean;
  companyName?: string;
  createdAt: string;
  editedAt?: string | null;
  showAsker?: boolean;
}) {
  const name = author?.name ?? (anonymous && byAsker ? 'Anonymous' : 'Deleted account');
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-semibold">{name}</span>
      {author ? <span className="text-muted-foreground">{author.reputation.toLocaleString('en-US')} reputation</span> : null}
      {author?.moderator ? <ModeratorBadge /> : null}
      {author?.works_at_company && companyName ? (
        <Badge variant="success">
          <BriefcaseBusiness className="size-3" aria-hidden /> Works at {companyName}
        </Badge>
      ) : null}
      {byAsker && showAsker ? <Badge variant="outline">Asker</Badge> : null}
      <span className="text-muted-foreground">
        · {relativeTime(createdAt)}
        {editedAt ? ' · edited' : ''}
      </span>
    </p>
  );
}

/** Why a vote button is off, in the server's words; nothing when it is on. */
function voteRule(direction: 'up' | 'down', isMine: boolean, standing: MyAskStanding | undefined): string | undefined {
  if (isMine) return askMessages.ownVote;
  if (direction === 'down' && standing && !standing.privileges.downvote) return askMessages.privilege(askPrivilegeActions.downvote, askPrivileges.downvote);
  return undefined;
}

/** Up and down, with the score between; the same vote again takes it back. */
export function VoteControls({
  kind,
  id,
  label,
  score,
  myVote,
  isMine,
  standing,
}: {
  kind: PostKind;
  id: string;
  label: string;
  score: number;
  myVote: 'up' | 'down' | null;
  isMine: boolean;
  standing: MyAskStanding | undefined;
}) {
  const vote = useVote();
  const button = (direction: 'up' | 'down') => {
    const rule = voteRule(direction, isMine, standing);
    const Icon = direction === 'up' ? ArrowBigUp : ArrowBigDown;
    const on = myVote === direction;
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${direction === 'up' ? 'Up-vote' : 'Down-vote'} ${label}${rule ? ` (${rule})` : ''}`}
        title={rule}
        aria-pressed={on}
        disabled={!!rule || vote.isPending}
        onClick={() => vote.mutateAsync({ kind, id, value: on ? null : direction }).catch(failed('Failed to vote'))}
      >
        <Icon className={cn('size-6', on && 'fill-primary text-primary')} aria-hidden />
      </Button>
    );
  };
  return (
    <div className="flex flex-col items-center">
      {button('up')}
      <span className="font-semibold tabular-nums" aria-label={`Score ${score}`} data-testid={`${kind}-score`}>
        {score}
      </span>
      {button('down')}
    </div>
  );
}

/** Flag a post with a reason; shown to members with the reputation for it. */
export function FlagButton({ kind, id, standing }: { kind: PostKind; id: string; standing: MyAskStanding | undefined }) {
  const flag = useFlag();
  // The rule (flagging needs askPrivileges.flag reputation) is said once above the answers.
  if (standing && !standing.privileges.flag) return null;
  return <FlagDialogButton what={kind} send={(body) => flag.mutateAsync({ kind, id, body })} />;
}

/** An edited post's earlier versions, newest first, read when opened. */
export function HistoryButton({ kind, id }: { kind: PostKind; id: string }) {
  const [open, setOpen] = React.useState(false);
  const revisions = useRevisions(kind, id, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <History aria-hidden /> History
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Earlier versions</DialogTitle>
          <DialogDescription>What this {kind} said before each edit, newest first; the last one is as first posted.</DialogDescription>
        </DialogHeader>
        {revisions.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading history...
          </p>
        ) : revisions.isError ? (
          <FormError>Failed to fetch the history</FormError>
        ) : revisions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not edited yet.</p>
        ) : (
          <ol className="space-y-4">
            {revisions.data.map((r) => (
              <li key={r.created_at} className="space-y-2 rounded-md border p-3">
                <p className="text-xs text-muted-foreground">{new Date(r.created_at).toLocaleString()}</p>
                {r.title ? <p className="font-semibold">{r.title}</p> : null}
                <PostBody source={r.body} />
                {r.tags?.length ? <p className="text-xs text-muted-foreground">Tags: {r.tags.join(', ')}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CommentForm({ initial = '', label, onSubmit, onDone }: { initial?: string; label: string; onSubmit(body: string): Promise<unknown>; onDone(): void }) {
  const [body, setBody] = React.useState(initial);
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const id = React.useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = askCommentInputSchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    onSubmit(parsed.data.body)
      .then(onDone, (err: unknown) => setError(failure(err, 'Failed to save the comment')))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Textarea id={id} value={body} rows={2} maxLength={askLimits.commentMax} onChange={(e) => setBody(e.target.value)} placeholder={label} />
      <FormError>{error}</FormError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} Save comment
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, anonymous }: { comment: AskComment; anonymous: boolean }) {
  const [editing, setEditing] = React.useState(false);
  const edit = useEditComment();
  const remove = useDeleteComment();
  return (
    <li className="space-y-1 border-t py-2 text-sm">
      {editing ? (
        <CommentForm
          initial={comment.body}
          label="Edit your comment"
          onSubmit={(body) => edit.mutateAsync({ id: comment.id, body: { body } })}
          onDone={() => setEditing(false)}
        />
      ) : (
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">{comment.body}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Byline author={comment.author} byAsker={comment.by_asker} anonymous={anonymous} createdAt={comment.created_at} editedAt={comment.edited_at} />
        {comment.is_mine && !editing ? (
          <>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              disabled={remove.isPending}
              onClick={() => remove.mutateAsync(comment.id).catch(failed('Failed to delete the comment'))}
            >
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** A post's comments, and a box to add one. */
export function Comments({ kind, postId, comments, anonymous }: { kind: PostKind; postId: string; comments: AskComment[]; anonymous: boolean }) {
  const [adding, setAdding] = React.useState(false);
  const add = useComment();
  return (
    <div className="space-y-1">
      {comments.length > 0 ? (
        <ul aria-label={`Comments on this ${kind}`}>
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} anonymous={anonymous} />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <CommentForm label="Add a comment" onSubmit={(body) => add.mutateAsync({ kind, id: postId, body: { body } })} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setAdding(true)}>
          Add a comment
        </Button>
      )}
    </div>
  );
}
