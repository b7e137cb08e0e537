import { CommunityDesignSummary, DesignComment, designSteps } from '@app/contracts';
import { ThumbsUp } from 'lucide-react';
import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DesignScene } from '@/components/design-canvas/scene';
import { FlagButton } from '@/components/flag-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { tryAgainHint } from '@/lib/api';
import {
  designsHidden,
  useAddDesignComment,
  useCommunityDesign,
  useCommunityDesigns,
  useDesignComments,
  useDesignUpvote,
  useEditDesignComment,
  useFlagDesign,
  useMayFlag,
  usePublishAttempt,
  useUnpublishDesign,
} from './api';

const DesignCanvas = React.lazy(() => import('@/components/design-canvas/design-canvas'));
const published = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The design's drawing, read-only, loaded when its reader opens it. */
function Drawing({ id, slug }: { id: string; slug: string }) {
  const design = useCommunityDesign(id);
  if (design.isPending) return <p className="text-sm text-muted-foreground">Loading the drawing…</p>;
  if (design.isError) return <p className="text-sm text-destructive">{design.error.message}</p>;
  if (!design.data.scene) return <p className="text-sm text-muted-foreground">No drawing.</p>;
  return (
    <React.Suspense fallback={<p className="text-sm text-muted-foreground">Loading the canvas…</p>}>
      <DesignCanvas initialScene={design.data.scene as unknown as DesignScene} readOnly fileName={`${slug}-community-design`} />
    </React.Suspense>
  );
}

/** Shown to its author and moderators only: flagged by members until a moderator reviews it, or removed. */
const HiddenMark = () => <Badge variant="secondary">Hidden pending review</Badge>;

/**
 * One comment; its author may edit it in place, a moderator too (to redact it: it then says so), and
 * others may flag it.
 */
function Comment({ designId, comment, mayFlag }: { designId: string; comment: DesignComment; mayFlag: boolean }) {
  const edit = useEditDesignComment(designId);
  const flag = useFlagDesign(designId);
  const [draft, setDraft] = React.useState<string | null>(null);
  const fieldId = `edit-comment-${comment.id}`;
  const editLabel = comment.mine ? 'Edit your comment' : `Edit ${comment.author_name}'s comment`;
  if (draft !== null) {
    const save = (event: React.FormEvent) => {
      event.preventDefault();
      edit.mutate({ commentId: comment.id, body: draft }, { onSuccess: () => setDraft(null) });
    };
    return (
      <li>
        <form onSubmit={save} className="space-y-1">
          <Label htmlFor={fieldId}>{editLabel}</Label>
          <Textarea id={fieldId} value={draft} onChange={(e) => setDraft(e.target.value)} rows={2} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={edit.isPending}>
              Save comment
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
          {edit.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {edit.error.message} {tryAgainHint(edit.error)}
            </p>
          ) : null}
        </form>
      </li>
    );
  }
  return (
    <li>
      <span className="font-medium">{comment.author_name}</span>
      <span className="whitespace-pre-wrap text-muted-foreground"> {comment.body}</span>
      {comment.edited_at ? <span className="text-muted-foreground">{comment.edited_by_moderator ? ' · Edited by a moderator' : ' · edited'}</span> : null}{' '}
      {comment.hidden ? <HiddenMark /> : null}
      {comment.can_edit ? (
        <Button variant="link" size="sm" className="h-auto px-1 py-0" aria-label={editLabel} onClick={() => setDraft(comment.body)}>
          Edit
        </Button>
      ) : null}
      {mayFlag && !comment.mine && !comment.hidden ? (
        <FlagButton what="comment" label={`Flag ${comment.author_name}'s comment`} send={(body) => flag.mutateAsync({ commentId: comment.id, body })} />
      ) : null}
    </li>
  );
}

/** The design's discussion: the feature board's comments, about this design. */
function Comments({ id, mayFlag }: { id: string; mayFlag: boolean }) {
  const comments = useDesignComments(id);
  const add = useAddDesignComment(id);
  const [body, setBody] = React.useState('');
  const fieldId = `comment-${id}`;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(body, { onSuccess: () => setBody('') });
  };
  return (
    <div className="space-y-2">
      {comments.data?.length ? (
        <ul className="space-y-2 text-sm" aria-label="Comments">
          {comments.data.map((c) => (
            <Comment key={c.id} designId={id} comment={c} mayFlag={mayFlag} />
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor={fieldId}>Comment on this design</Label>
          <Textarea id={fieldId} value={body} onChange={(e) => setBody(e.target.value)} rows={2} />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>
          Comment
        </Button>
      </form>
      {add.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {add.error.message} {tryAgainHint(add.error)}
        </p>
      ) : null}
    </div>
  );
}

function DesignItem({ design, open }: { design: CommunityDesignSummary; open: boolean }) {
  const [showDrawing, setShowDrawing] = React.useState(open);
  const upvote = useDesignUpvote();
  const unpublish = useUnpublishDesign();
  const flag = useFlagDesign(design.id);
  const mayFlag = useMayFlag();
  const error = upvote.error ?? unpublish.error;
  const by = design.mine ? 'You' : (design.author_name ?? 'Anonymous');
  return (
    <li className="space-y-3 py-4" data-testid="community-design" id={`design-${design.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-medium">{by}</span>
          <span className="text-muted-foreground"> · published {published.format(new Date(design.published_at))}</span>
        </p>
        {design.hidden ? <HiddenMark /> : null}
        <div className="flex flex-wrap items-center gap-2">
          {design.mine ? (
            <>
              <span className="text-sm text-muted-foreground">
                {design.upvotes} {design.upvotes === 1 ? 'upvote' : 'upvotes'}
              </span>
              <Button variant="outline" size="sm" onClick={() => unpublish.mutate(design.id)} disabled={unpublish.isPending}>
                Unpublish
              </Button>
            </>
          ) : (
            <Button
              variant={design.voted ? 'default' : 'outline'}
              size="sm"
              aria-pressed={design.voted}
              aria-label={`Upvote this design, ${design.upvotes} ${design.upvotes === 1 ? 'upvote' : 'upvotes'}`}
              onClick={() => upvote.mutate({ id: design.id, on: !design.voted })}
              disabled={upvote.isPending}
            >
              <ThumbsUp aria-hidden /> {design.upvotes}
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-expanded={showDrawing} onClick={() => setShowDrawing((shown) => !shown)}>
            {showDrawing ? 'Hide drawing' : 'Show drawing'}
          </Button>
          {mayFlag && !design.mine && !design.hidden ? <FlagButton what="design" label="Flag this design" send={(body) => flag.mutateAsync({ body })} /> : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message} {tryAgainHint(error)}
        </p>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {designSteps
          .filter((s) => design.notes[s.key])
          .map((s) => (
            <div key={s.key}>
              <dt className="font-medium">{s.name}</dt>
              <dd className="whitespace-pre-wrap text-muted-foreground">{design.notes[s.key]}</dd>
            </div>
          ))}
      </dl>
      {showDrawing ? <Drawing id={design.id} slug={design.prompt_slug} /> : null}
      <Comments id={design.id} mayFlag={mayFlag} />
    </li>
  );
}

/** Publishing the latest submitted attempt: anonymous unless the author ticks the box. */
function PublishForm({ attemptId }: { attemptId: string }) {
  const publish = usePublishAttempt();
  const [showUsername, setShowUsername] = React.useState(false);
  return (
    <div className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => publish.mutate({ id: attemptId, showUsername })} disabled={publish.isPending}>
          Publish my latest submitted attempt
        </Button>
        <div className="flex items-center gap-2">
          <Checkbox id="show-username" checked={showUsername} onCheckedChange={(v) => setShowUsername(v === true)} />
          <Label htmlFor="show-username" className="font-normal">
            Show my username (anonymous otherwise)
          </Label>
        </div>
      </div>
      {publish.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          Published: others can read, upvote and learn from it.
        </p>
      ) : null}
      {publish.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {publish.error.message} {tryAgainHint(publish.error)}
        </p>
      ) : null}
    </div>
  );
}

function DesignList({ slug, submitted }: { slug: string; submitted: boolean }) {
  const designs = useCommunityDesigns(slug, submitted);
  const [params] = useSearchParams();
  const opened = params.get('design');
  if (designs.isPending) return <p className="text-sm text-muted-foreground">Loading designs…</p>;
  // The server keeps them hidden until it knows of a submitted attempt, and says why.
  if (designsHidden(designs.error))
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="community-designs-hidden">
        {submitted ? 'Your submission is on its way: others’ designs open in a moment.' : designs.error?.message}
      </p>
    );
  if (designs.isError) return <p className="text-sm text-destructive">{designs.error.message}</p>;
  if (designs.data.length === 0) return <p className="text-sm text-muted-foreground">No one has published a design of this prompt yet.</p>;
  return (
    <ul className="divide-y">
      {designs.data.map((design) => (
        <DesignItem key={design.id} design={design} open={design.id === opened} />
      ))}
    </ul>
  );
}

/**
 * "Community designs" on a prompt's page: others' published attempts, most upvoted first. Like the
 * reference outline they open once the candidate has submitted an attempt (community enforces it):
 * design it yourself first.
 */
export function CommunityDesigns({ slug, unlocked, submittedAttemptId }: { slug: string; unlocked: boolean; submittedAttemptId?: string }) {
  return (
    <Card>
      <section aria-labelledby="community-designs-title">
        <CardHeader className="pb-3">
          <CardTitle id="community-designs-title" className="text-base">
            Community designs
          </CardTitle>
          <p className="text-sm text-muted-foreground">Designs other candidates published for this prompt, most upvoted first.</p>
        </CardHeader>
        <CardContent className="space-y-3">
          {submittedAttemptId ? <PublishForm attemptId={submittedAttemptId} /> : null}
          <DesignList slug={slug} submitted={unlocked} />
        </CardContent>
      </section>
    </Card>
  );
}
