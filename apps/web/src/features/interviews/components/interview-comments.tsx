import { InterviewComment, interviewCommentMax, interviewCommentMessages } from '@app/contracts';
import { MessageSquare } from 'lucide-react';
import * as React from 'react';
import { ModeratorBadge } from '@/components/moderator-badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAddComment, useDeleteComment, useEditComment, useInterviewComments } from '../api';

/** The server's words when it refused the text (too long, empty, the daily cap), else a plain failure. */
const failure = (fallback: string, err: unknown) => (err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback);

/** A comment's text, checked as the server checks it, so a refusal is shown before anything is sent. */
function checkBody(body: string): string | undefined {
  const text = body.trim();
  if (!text) return interviewCommentMessages.body;
  if (text.length > interviewCommentMax) return interviewCommentMessages.bodyMax;
  return undefined;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** One comment: its author edits it in place; its author or a moderator deletes it (after a confirmation). */
function CommentItem({ interviewId, comment }: { interviewId: string; comment: InterviewComment }) {
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState(comment.body);
  const [error, setError] = React.useState<string>();
  const [confirming, setConfirming] = React.useState(false);
  const edit = useEditComment(interviewId);
  const remove = useDeleteComment(interviewId);
  const editId = `comment-edit-${comment.id}`;

  const save = () => {
    const problem = checkBody(draft);
    setError(problem);
    if (problem) return;
    edit.mutate(
      { commentId: comment.id, body: draft },
      { onSuccess: () => setEditing(false), onError: (err) => setError(failure('Failed to save your comment', err)) },
    );
  };

  return (
    <li className="space-y-1.5 rounded-md border bg-background/60 p-3 text-sm" data-testid="comment">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground" data-testid="comment-author">
          {comment.author}
          {comment.is_mine ? ' (you)' : null}
        </span>
        {comment.by_moderator ? <ModeratorBadge /> : null}
        <time dateTime={comment.created_at}>{dayFormat.format(new Date(comment.created_at))}</time>
        {comment.edited ? <span>· edited</span> : null}
      </p>
      {editing ? (
        <div className="space-y-2">
          <Label htmlFor={editId} className="sr-only">
            Edit your comment
          </Label>
          <Textarea
            id={editId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${editId}-error` : undefined}
          />
          <FieldError id={`${editId}-error`} message={error} />
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={edit.isPending}>
              Save
            </Button>
            <Button size="sm" variant="outline" onClick={() => (setEditing(false), setDraft(comment.body), setError(undefined))}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="comment-body">
          {comment.body}
        </p>
      )}
      {!editing && (comment.is_mine || comment.can_delete) ? (
        confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>Delete this comment?</span>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(comment.id, {
                  onError: (err) => (
                    setConfirming(false),
                    toast({ variant: 'destructive', title: 'Error', description: failure('Failed to delete the comment', err) })
                  ),
                })
              }
            >
              Delete
            </Button>
          </div>
        ) : (
          <div className="flex gap-1">
            {comment.is_mine ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing(true)}
                aria-label={`Edit your comment of ${dayFormat.format(new Date(comment.created_at))}`}
              >
                Edit
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}

/** Write a comment: shown as 'Some Candidate' unless the author chooses to show their username. */
function CommentForm({ interviewId }: { interviewId: string }) {
  const [body, setBody] = React.useState('');
  const [showUsername, setShowUsername] = React.useState(false);
  const [error, setError] = React.useState<string>();
  const add = useAddComment(interviewId);
  const id = `comment-new-${interviewId}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkBody(body);
    setError(problem);
    if (problem) return;
    add.mutate(
      { body, show_username: showUsername },
      { onSuccess: () => (setBody(''), setShowUsername(false)), onError: (err) => setError(failure('Failed to post your comment', err)) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={id}>Add a comment</Label>
      <Textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder="Ask about a round, or add what you know"
        aria-invalid={!!error}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-count`} className="text-xs text-muted-foreground">
        {body.trim().length.toLocaleString('en-US')} / {interviewCommentMax.toLocaleString('en-US')} characters
      </p>
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-username`} checked={showUsername} onCheckedChange={(checked) => setShowUsername(checked === true)} />
          <Label htmlFor={`${id}-username`} className="font-normal">
            Show my username (off: “Some Candidate”)
          </Label>
        </div>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Posting...' : 'Post comment'}
        </Button>
      </div>
    </form>
  );
}

/** A report's thread under its card: read once opened, oldest first, with more on request; `children` sit beside its toggle. */
export function InterviewComments({ interviewId, count, children }: { interviewId: string; count: number; children?: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const comments = useInterviewComments(interviewId, open);
  const regionId = `comments-${interviewId}`;
  const shown = comments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-3 border-t pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {children}
        <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)} data-testid="card-comments">
          <MessageSquare aria-hidden /> {count === 1 ? '1 comment' : `${count} comments`}
        </Button>
      </div>
      {open ? (
        <section id={regionId} aria-label="Comments" className="space-y-3">
          {comments.isPending ? <p className="text-sm text-muted-foreground">Loading comments...</p> : null}
          {comments.isError ? <p className="text-sm text-destructive">Comments could not be loaded.</p> : null}
          {shown.length > 0 ? (
            <ul className="space-y-2">
              {shown.map((c) => (
                <CommentItem key={c.id} interviewId={interviewId} comment={c} />
              ))}
            </ul>
          ) : comments.isSuccess ? (
            <p className="text-sm text-muted-foreground">No comments yet.</p>
          ) : null}
          {comments.hasNextPage ? (
            <Button size="sm" variant="outline" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
              {comments.isFetchingNextPage ? 'Loading...' : 'Show more comments'}
            </Button>
          ) : null}
          <CommentForm interviewId={interviewId} />
        </section>
      ) : null}
    </div>
  );
}
