import { commentMax, FeatureComment, FeatureRequestDetail, featureRequestTextSchema, featureTitleMax, relativeTime } from '@app/contracts';
import { ArrowLeft, GitMerge, Loader2, Pencil, ThumbsUp } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { ModeratorBadge } from '@/components/moderator-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useFeatureRequests, useIsModerator } from '../api';
import { StatusBadge } from '../status-badge';
import { useAddComment, useDeleteComment, useEditComment, useEditFeatureText, useFeatureComments, useFeatureRequest, useMergeFeature } from './api';

const failure = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** A comment box with its count of characters left; used to write a new comment and to edit one. */
function CommentBox({
  id,
  label,
  initial = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [body, setBody] = React.useState(initial);
  const [error, setError] = React.useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError('Please write a comment');
    setError(undefined);
    onSubmit(body.trim()).then(
      () => setBody(''),
      (err: unknown) => setError(failure(err, 'Failed to save the comment')),
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} value={body} maxLength={commentMax} onChange={(e) => setBody(e.target.value)} aria-describedby={`${id}-left`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-left`} className="text-xs text-muted-foreground">
          {commentMax - body.length} characters left
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} {submitLabel}
          </Button>
        </div>
      </div>
      <FormError>{error}</FormError>
    </form>
  );
}

function CommentItem({ featureId, comment }: { featureId: string; comment: FeatureComment }) {
  const [editing, setEditing] = React.useState(false);
  const edit = useEditComment(featureId);
  const remove = useDeleteComment(featureId);
  const deleteIt = () =>
    remove.mutateAsync(comment.id).then(
      () => toast({ title: 'Comment deleted' }),
      (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, 'Failed to delete the comment') }),
    );
  return (
    <li className="space-y-2 rounded-lg border bg-card p-4 text-card-foreground">
      <p className="text-sm">
        <span className="font-semibold">{comment.author_name}</span> {comment.by_moderator ? <ModeratorBadge /> : null}{' '}
        <span className="text-muted-foreground">
          · {relativeTime(comment.created_at)}
          {comment.edited_at ? (comment.edited_by_moderator ? ' · Edited by a moderator' : ' · edited') : ''}
        </span>
      </p>
      {editing ? (
        <CommentBox
          id={`edit-${comment.id}`}
          label="Edit your comment"
          initial={comment.body}
          submitLabel="Save"
          busy={edit.isPending}
          onSubmit={(body) => edit.mutateAsync({ commentId: comment.id, body }).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{comment.body}</p>
      )}
      {comment.can_edit && !editing ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit comment by ${comment.author_name}`}>
            Edit
          </Button>
          <Button variant="outline" size="sm" disabled={remove.isPending} onClick={deleteIt} aria-label={`Delete comment by ${comment.author_name}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The request's title and description as a form: its author while it waits for review, or a moderator. */
function EditTextForm({ feature, onDone }: { feature: FeatureRequestDetail; onDone(): void }) {
  const edit = useEditFeatureText(feature.id);
  const [title, setTitle] = React.useState(feature.title);
  const [description, setDescription] = React.useState(feature.description);
  const [error, setError] = React.useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = featureRequestTextSchema.safeParse({ title, description });
    if (!text.success) return setError(text.error.issues[0].message);
    setError(undefined);
    edit.mutateAsync(text.data).then(onDone, (err: unknown) => setError(failure(err, 'Failed to save the request')));
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Edit the request">
      <div className="space-y-1">
        <Label htmlFor="request-title">Title</Label>
        <Input id="request-title" value={title} maxLength={featureTitleMax} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="request-description">Description</Label>
        <Textarea id="request-description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <FormError>{error}</FormError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending}>
          {edit.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null} Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Moderators fold this request into another one; the choices are the listed requests. */
function MergePanel({ feature }: { feature: FeatureRequestDetail }) {
  const listed = useFeatureRequests({});
  const merge = useMergeFeature(feature.id);
  const [into, setInto] = React.useState('');
  const choices = (listed.data ?? []).filter((f) => f.id !== feature.id);
  const submit = () =>
    merge.mutateAsync(into).then(
      (result) => toast({ title: 'Merged', description: `Merged into ${result.data.merged_into?.title ?? 'the chosen request'}` }),
      (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, 'Failed to merge') }),
    );
  return (
    <section aria-labelledby="merge-heading" className="space-y-2 rounded-lg border border-dashed p-4">
      <h2 id="merge-heading" className="font-semibold">
        Merge a duplicate
      </h2>
      <p className="text-sm text-muted-foreground">Its votes and subscribers move to the chosen request; someone who voted for both counts once.</p>
      <div className="flex flex-wrap gap-2">
        <Select value={into} onValueChange={setInto}>
          <SelectTrigger className="w-full sm:w-80" aria-label="Merge into">
            <SelectValue placeholder="Choose the request to merge into" />
          </SelectTrigger>
          <SelectContent>
            {choices.map((f) => (
              <SelectItem key={f.id} value={f.id}>
                {f.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant="outline" disabled={!into || merge.isPending} onClick={submit}>
          <GitMerge aria-hidden /> Merge
        </Button>
      </div>
    </section>
  );
}

export default function FeatureRequestDetailPage() {
  const { id = '' } = useParams();
  const feature = useFeatureRequest(id);
  const comments = useFeatureComments(id);
  const add = useAddComment(id);
  const moderator = useIsModerator();
  const [editingText, setEditingText] = React.useState(false);
  useDocumentTitle(feature.data?.data.title ?? 'Feature request');

  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/feature-request">
        <ArrowLeft aria-hidden /> All feature requests
      </Link>
    </Button>
  );
  if (feature.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading feature request...
      </p>
    );
  }
  if (feature.isError) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {back}
        <h1 className="text-2xl font-bold">
          {feature.error instanceof ApiError && feature.error.status === 404 ? 'Feature request not found' : 'Failed to fetch the feature request'}
        </h1>
      </div>
    );
  }
  const f = feature.data.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {back}
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{f.title}</h1>
          <StatusBadge status={f.status} />
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <ThumbsUp className="size-4" aria-hidden /> {f.upvotes} {f.upvotes === 1 ? 'vote' : 'votes'} · posted {relativeTime(f.created_at)}
        </p>
        {editingText ? (
          <EditTextForm feature={f} onDone={() => setEditingText(false)} />
        ) : (
          <>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">{f.description}</p>
            {f.can_edit ? (
              <Button variant="outline" size="sm" onClick={() => setEditingText(true)}>
                <Pencil aria-hidden /> Edit request
              </Button>
            ) : null}
          </>
        )}
      </header>
      {f.merged_into ? (
        <p role="note" className="rounded-md border bg-muted px-3 py-2 text-sm">
          Merged into{' '}
          <Link to={`/feature-requests/${f.merged_into.id}`} className="font-semibold underline underline-offset-2">
            {f.merged_into.title}
          </Link>
          : vote and comment there.
        </p>
      ) : moderator ? (
        <MergePanel feature={f} />
      ) : null}
      <section aria-labelledby="comments-heading" className="space-y-4">
        <h2 id="comments-heading" className="text-xl font-semibold">
          Comments ({f.comment_count})
        </h2>
        {comments.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading comments...
          </p>
        ) : comments.isError ? (
          <FormError>Failed to fetch comments</FormError>
        ) : comments.data.length === 0 ? (
          <p className="text-muted-foreground">No comments yet</p>
        ) : (
          <ul className="space-y-3" aria-label="Comments">
            {comments.data.map((c) => (
              <CommentItem key={c.id} featureId={id} comment={c} />
            ))}
          </ul>
        )}
        {f.merged_into ? null : (
          <CommentBox id="new-comment" label="Add a comment" submitLabel="Post comment" busy={add.isPending} onSubmit={(body) => add.mutateAsync(body)} />
        )}
      </section>
    </div>
  );
}
