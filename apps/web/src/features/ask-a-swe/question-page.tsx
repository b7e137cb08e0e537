import { Answer, answerInputSchema, askLimits, askMessages, askPrivileges, MyAskStanding, QuestionDetail, topicLabel } from '@app/contracts';
import { ArrowLeft, Bell, BellOff, CheckCircle2, EyeOff, Loader2, Pencil, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import {
  useAccept,
  useAnswer,
  useCloseAsDuplicate,
  useDeleteAnswer,
  useDeleteQuestion,
  useEditAnswer,
  useEditQuestion,
  useFollowQuestion,
  useIsModerator,
  useQuestion,
  useStanding,
} from './api';
import { MarkdownEditor, PostBody } from './post-body';
import { Byline, Comments, failure, FlagButton, HistoryButton, VoteControls } from './post-parts';
import { QuestionForm } from './question-form';

const failed = (fallback: string) => (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, fallback) });

/** An answer's Markdown, written or edited, checked against the contract before it is sent. */
function AnswerEditor({
  id,
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [body, setBody] = React.useState(initial);
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = answerInputSchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    onSubmit(parsed.data.body)
      .then(
        () => setBody(''),
        (err: unknown) => setError(failure(err, 'Failed to save the answer')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <MarkdownEditor id={id} value={body} onChange={setBody} maxLength={askLimits.bodyMax} invalid={!!error} describedBy={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function HiddenNote() {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
      <EyeOff className="size-4" aria-hidden /> Hidden pending review: only moderators and its author see it.
    </p>
  );
}

function AnswerItem({ answer, question, standing }: { answer: Answer; question: QuestionDetail; standing: MyAskStanding | undefined }) {
  const [editing, setEditing] = React.useState(false);
  const edit = useEditAnswer();
  const remove = useDeleteAnswer();
  const accept = useAccept();
  const label = `answer by ${answer.author?.name ?? 'Anonymous'}`;
  return (
    <li className={`flex gap-3 rounded-lg border bg-card p-4 ${answer.accepted ? 'border-emerald-600 dark:border-emerald-500' : ''}`} data-testid="answer">
      <div className="flex flex-col items-center gap-2">
        <VoteControls kind="answer" id={answer.id} label={label} score={answer.score} myVote={answer.my_vote} isMine={answer.is_mine} standing={standing} />
        {question.is_mine ? (
          <Button
            variant="ghost"
            size="icon"
            aria-pressed={answer.accepted}
            aria-label={answer.accepted ? `Take back accepting the ${label}` : `Accept the ${label}`}
            title={answer.accepted ? 'Accepted: click to take it back' : 'Accept this answer'}
            disabled={accept.isPending}
            onClick={() => accept.mutateAsync({ id: question.id, answerId: answer.accepted ? null : answer.id }).catch(failed('Failed to accept'))}
          >
            <CheckCircle2 className={`size-6 ${answer.accepted ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground'}`} aria-hidden />
          </Button>
        ) : answer.accepted ? (
          <CheckCircle2 className="size-6 text-emerald-700 dark:text-emerald-400" aria-hidden />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        {answer.accepted ? (
          <Badge variant="success">
            <CheckCircle2 className="size-3" aria-hidden /> Accepted answer
          </Badge>
        ) : null}
        {answer.hidden ? <HiddenNote /> : null}
        {editing ? (
          <AnswerEditor
            id={`edit-${answer.id}`}
            label="Edit your answer"
            initial={answer.body}
            submitLabel="Save answer"
            onSubmit={(body) => edit.mutateAsync({ id: answer.id, body: { body } }).then(() => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <PostBody source={answer.body} />
        )}
        <Byline
          author={answer.author}
          byAsker={answer.by_asker}
          anonymous={question.anonymous}
          companyName={question.company?.name}
          createdAt={answer.created_at}
          editedAt={answer.edited_at}
        />
        <div className="flex flex-wrap gap-1">
          {answer.is_mine && !editing ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutateAsync(answer.id).catch(failed('Failed to delete the answer'))}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          ) : null}
          {answer.edited_at ? <HistoryButton kind="answer" id={answer.id} /> : null}
          {answer.is_mine ? null : <FlagButton kind="answer" id={answer.id} standing={standing} />}
        </div>
        <Comments kind="answer" postId={answer.id} comments={answer.comments} anonymous={question.anonymous} />
      </div>
    </li>
  );
}

/** The other question's link or id, as a moderator pastes it. */
const questionIdIn = (text: string) => text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i)?.[0];

function DuplicatePanel({ question }: { question: QuestionDetail }) {
  const close = useCloseAsDuplicate();
  const [other, setOther] = React.useState('');
  const [error, setError] = React.useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const duplicateOf = questionIdIn(other);
    if (!duplicateOf) return setError(askMessages.duplicateNotFound);
    setError(undefined);
    close.mutateAsync({ id: question.id, duplicateOf }).then(
      () => toast({ title: 'Closed as a duplicate' }),
      (err: unknown) => setError(failure(err, 'Failed to close')),
    );
  };
  if (question.duplicate_of) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={close.isPending}
        onClick={() => close.mutateAsync({ id: question.id, duplicateOf: null }).catch(failed('Failed to reopen'))}
      >
        Reopen
      </Button>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-lg border border-dashed p-4">
      <Label htmlFor="duplicate-of">Close as a duplicate of (moderators)</Label>
      <div className="flex flex-wrap gap-2">
        <Input id="duplicate-of" value={other} onChange={(e) => setOther(e.target.value)} placeholder="The other question's link" className="sm:w-96" />
        <Button type="submit" variant="outline" disabled={close.isPending}>
          Close as duplicate
        </Button>
      </div>
      <FieldError id="duplicate-of-error" message={error} />
    </form>
  );
}

/** The server's rules for votes, said once above the answers. */
function Rules({ standing }: { standing: MyAskStanding | undefined }) {
  return (
    <p className="text-xs text-muted-foreground">
      One vote per post, never on your own. Down-voting needs {askPrivileges.downvote} reputation and flagging {askPrivileges.flag}
      {standing ? ` (you have ${standing.reputation.toLocaleString('en-US')})` : ''}. Only the asker accepts an answer; it is shown first.
    </p>
  );
}

/** /ask-a-swe/:id: the question, then its answers (accepted first, then by score, then age, as the server sends them). */
export default function QuestionPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const byEmployee = params.get('by_employee') === 'true';
  const question = useQuestion(id, byEmployee);
  const standing = useStanding();
  const moderator = useIsModerator();
  const editQuestion = useEditQuestion();
  const deleteQuestion = useDeleteQuestion();
  const follow = useFollowQuestion();
  const answer = useAnswer();
  const navigate = useNavigate();
  const [editing, setEditing] = React.useState(false);
  useDocumentTitle(question.data?.data.title ?? 'Question');

  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/ask-a-swe">
        <ArrowLeft aria-hidden /> All questions
      </Link>
    </Button>
  );
  if (question.isPending) return <PagePlaceholder label="Loading question" />;
  if (question.isError) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {back}
        <h1 className="text-2xl font-bold">
          {question.error instanceof ApiError && question.error.status === 404 ? askMessages.questionNotFound : 'Failed to fetch the question'}
        </h1>
      </div>
    );
  }
  const q = question.data.data;
  const s = standing.data;
  const remove = () =>
    deleteQuestion.mutateAsync(q.id).then(() => {
      toast({ title: 'Question deleted' });
      void navigate('/ask-a-swe');
    }, failed('Failed to delete the question'));

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {back}
      {editing ? (
        <section aria-labelledby="edit-heading" className="space-y-4">
          <h1 id="edit-heading" className="text-2xl font-bold">
            Edit your question
          </h1>
          <QuestionForm
            question={q}
            submitLabel="Save changes"
            onSubmit={({ anonymous: _anonymous, ...body }) => editQuestion.mutateAsync({ id: q.id, body }).then(() => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        </section>
      ) : (
        <article aria-labelledby="question-title" className="space-y-4">
          <header className="space-y-2">
            <h1 id="question-title" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
              {q.title}
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              {q.tags.map((t) => (
                <Badge key={t} variant="secondary">
                  {topicLabel(t)}
                </Badge>
              ))}
              {q.company ? <Badge variant="outline">{q.company.name}</Badge> : null}
              {q.role ? <span className="text-muted-foreground">{q.role}</span> : null}
              {q.level ? <span className="text-muted-foreground">· {q.level}</span> : null}
            </div>
          </header>
          {q.duplicate_of ? (
            <p role="note" className="rounded-md border bg-muted px-3 py-2 text-sm">
              Closed as a duplicate of{' '}
              <Link to={`/ask-a-swe/${q.duplicate_of.id}`} className="font-semibold underline underline-offset-2">
                {q.duplicate_of.title}
              </Link>
              : answer there.
            </p>
          ) : null}
          {q.hidden ? <HiddenNote /> : null}
          <div className="flex gap-3">
            <VoteControls kind="question" id={q.id} label="this question" score={q.score} myVote={q.my_vote} isMine={q.is_mine} standing={s} />
            <div className="min-w-0 flex-1 space-y-3">
              <PostBody source={q.body} />
              <Byline
                author={q.author}
                byAsker
                anonymous={q.anonymous}
                companyName={q.company?.name}
                createdAt={q.created_at}
                editedAt={q.edited_at}
                showAsker={false}
              />
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={q.following}
                  disabled={follow.isPending}
                  onClick={() => follow.mutateAsync({ id: q.id, follow: !q.following }).catch(failed('Failed to follow'))}
                >
                  {q.following ? <BellOff aria-hidden /> : <Bell aria-hidden />} {q.following ? 'Following' : 'Follow'}
                </Button>
                {q.is_mine ? (
                  <>
                    <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                      <Pencil aria-hidden /> Edit
                    </Button>
                    <Button variant="ghost" size="sm" disabled={deleteQuestion.isPending} onClick={remove}>
                      <Trash2 aria-hidden /> Delete
                    </Button>
                  </>
                ) : (
                  <FlagButton kind="question" id={q.id} standing={s} />
                )}
                {q.edited_at ? <HistoryButton kind="question" id={q.id} /> : null}
              </div>
              <Comments kind="question" postId={q.id} comments={q.comments} anonymous={q.anonymous} />
            </div>
          </div>
        </article>
      )}
      {moderator ? <DuplicatePanel question={q} /> : null}
      <section aria-labelledby="answers-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="answers-heading" className="text-xl font-semibold">
            {q.answers.length} {q.answers.length === 1 ? 'answer' : 'answers'}
          </h2>
          {q.company ? (
            <div className="flex items-center gap-2">
              <Checkbox
                id="by-employee"
                checked={byEmployee}
                onCheckedChange={(v) => setParams(v === true ? { by_employee: 'true' } : {}, { replace: true })}
              />
              <Label htmlFor="by-employee">Only people who work at {q.company.name}</Label>
            </div>
          ) : null}
        </div>
        <Rules standing={s} />
        {q.answers.length > 0 ? (
          <ol className="space-y-3" aria-label="Answers">
            {q.answers.map((a) => (
              <AnswerItem key={a.id} answer={a} question={q} standing={s} />
            ))}
          </ol>
        ) : null}
        {q.status === 'closed' ? (
          <p className="text-sm text-muted-foreground">{askMessages.closed}.</p>
        ) : (
          <section aria-labelledby="your-answer" className="space-y-2">
            <h2 id="your-answer" className="text-lg font-semibold">
              Your answer
            </h2>
            <AnswerEditor
              id="new-answer"
              label="Your answer"
              submitLabel="Post your answer"
              onSubmit={(body) => answer.mutateAsync({ id: q.id, body: { body } }).then(() => toast({ title: 'Answer posted' }))}
            />
          </section>
        )}
      </section>
    </div>
  );
}
