import {
  askLimits,
  askQuestionInputSchema,
  AskQuestion,
  AskQuestionInput,
  askRoleSuggestions,
  Company,
  companySlug,
  interviewLevels,
  InterviewListItem,
  interviewTitles,
  QuestionDetail,
  topicLabel,
  topicTags,
} from '@app/contracts';
import { CheckCircle2, FileText, Loader2 } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { FieldError, FormError, Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { useSettled } from '@/lib/use-settled';
import { useCompanies, useCompanyReports, useMatchingReports, useSimilarQuestions } from './api';
import { MarkdownEditor } from './post-body';
import { failure } from './post-parts';

const NO_LEVEL = 'none';
const tagOptions = topicTags.map((t) => ({ value: t, label: topicLabel(t), keywords: [t] }));

/** A company the title names as a word ("Interviewing at Google?"), longest name first. */
function companyNamedIn(title: string, companies: Company[] | undefined): Company | undefined {
  const words = ` ${title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return [...(companies ?? [])].sort((a, b) => b.name.length - a.name.length).find((c) => words.includes(` ${c.name.toLowerCase()} `));
}

/** Where a suggested report is read: its company's page, narrowed to the report's level and title (a report has no page of its own). */
function reportPath(report: InterviewListItem): string {
  const narrow = new URLSearchParams();
  if (report.level && (interviewLevels as readonly string[]).includes(report.level)) narrow.set('level', report.level);
  if (report.title && (interviewTitles as readonly string[]).includes(report.title)) narrow.set('title', report.title);
  const query = narrow.toString();
  return `/candidate-interviews/${encodeURIComponent(companySlug(report.company_name))}${query ? `?${query}` : ''}`;
}

/**
 * Questions like the title being typed, and interview reports: those matching the title first, then
 * the ones about the company the question is about, three at most. Read before asking.
 */
function Suggestions({ title, company }: { title: string; company: Company | undefined }) {
  const similar = useSimilarQuestions(title);
  const matching = useMatchingReports(title);
  const about = useCompanyReports(company?.id);
  const questions = title.length >= 8 ? (similar.data ?? []) : [];
  const matched = title.length >= 3 ? (matching.data ?? []) : [];
  const reports = [...matched, ...(about.data ?? []).filter((r) => !matched.some((m) => m.id === r.id))].slice(0, 3);
  if (questions.length === 0 && reports.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="space-y-3 rounded-md border bg-muted/50 p-3 text-sm" aria-live="polite">
      <h2 id="suggestions-heading" className="font-semibold">
        Maybe already answered
      </h2>
      {questions.length > 0 ? (
        <div className="space-y-1">
          <h3 id="similar-questions-heading" className="font-medium text-muted-foreground">
            Similar questions
          </h3>
          <ul className="space-y-1" aria-labelledby="similar-questions-heading">
            {questions.map((q) => (
              <li key={q.id} className="flex items-center gap-2">
                {q.accepted_answer_id ? <CheckCircle2 className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-label="Accepted answer" /> : null}
                <Link to={`/ask-a-swe/${q.id}`} target="_blank" className="text-primary underline-offset-2 hover:underline [overflow-wrap:anywhere]">
                  {q.title}
                </Link>
                <span className="shrink-0 text-muted-foreground">
                  {q.answer_count} {q.answer_count === 1 ? 'answer' : 'answers'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reports.length > 0 ? (
        <div className="space-y-1">
          <h3 id="interview-reports-heading" className="font-medium text-muted-foreground">
            Interview reports
          </h3>
          <ul className="space-y-1" aria-labelledby="interview-reports-heading">
            {reports.map((r) => (
              <li key={r.id} className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <Link to={reportPath(r)} target="_blank" className="text-primary underline-offset-2 hover:underline [overflow-wrap:anywhere]">
                  <span className="font-medium">{r.company_name}</span> · {[r.level, r.title].filter(Boolean).join(' · ') || 'Role not given'}
                </Link>
                <span className="shrink-0 text-muted-foreground">
                  {r.round_count} {r.round_count === 1 ? 'round' : 'rounds'}
                </span>
              </li>
            ))}
          </ul>
          {company ? (
            <p>
              <Link
                to={`/candidate-interviews/${encodeURIComponent(companySlug(company.name))}`}
                target="_blank"
                className="text-primary underline-offset-2 hover:underline"
              >
                All interview reports about {company.name}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type Fields = Pick<AskQuestionInput, 'title' | 'body'> & { role: string; tags: string[]; company_id: string | undefined; level: string; anonymous: boolean };

const fromQuestion = (q: QuestionDetail): Fields => ({
  title: q.title,
  body: q.body,
  tags: q.tags,
  company_id: q.company?.id,
  role: q.role ?? '',
  level: q.level ?? '',
  anonymous: q.anonymous,
});
const blank: Fields = { title: '', body: '', tags: [], company_id: undefined, role: '', level: '', anonymous: false };

/**
 * A question as asked or edited: checked against the contract before sending, the server's field
 * messages shown at their fields. Anonymity is chosen once, when asking.
 */
export function QuestionForm({
  question,
  companyId,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  question?: QuestionDetail;
  /** Asked from a company's page: that company, chosen already. */
  companyId?: string;
  submitLabel: string;
  onSubmit(values: AskQuestion): Promise<unknown>;
  onCancel?(): void;
}) {
  const [fields, setFields] = React.useState<Fields>(() => (question ? fromQuestion(question) : { ...blank, company_id: companyId }));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [formError, setFormError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const companies = useCompanies();
  const title = useSettled(fields.title.trim());
  const chosen = companies.data?.find((c) => c.id === fields.company_id);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = askQuestionInputSchema.safeParse({ ...fields, anonymous: question ? undefined : fields.anonymous });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.reverse().map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    onSubmit(parsed.data)
      .catch((err: unknown) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
        setFormError(failure(err, 'Failed to save the question'));
      })
      .finally(() => setBusy(false));
  };

  const described = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor="title">Title</Label>
        <Input
          id="title"
          value={fields.title}
          maxLength={askLimits.titleMax}
          onChange={(e) => set('title', e.target.value)}
          placeholder="e.g. How many system design rounds does Google's L5 loop have?"
          aria-invalid={!!errors.title || undefined}
          aria-describedby={described('title')}
          autoComplete="off"
        />
        <FieldError id="title-error" message={errors.title} />
      </div>
      <Suggestions title={title} company={chosen ?? companyNamedIn(title, companies.data)} />
      <div className="space-y-2">
        <Label htmlFor="body">Question</Label>
        <MarkdownEditor
          id="body"
          value={fields.body}
          onChange={(v) => set('body', v)}
          maxLength={askLimits.bodyMax}
          invalid={!!errors.body}
          describedBy={described('body')}
        />
        <FieldError id="body-error" message={errors.body} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label id="tags-label">Tags</Label>
          <Combobox
            multiple
            aria-labelledby="tags-label"
            aria-describedby={described('tags')}
            options={tagOptions}
            value={fields.tags}
            onValueChange={(v) => set('tags', v.slice(0, askLimits.tagsMax))}
            label="Tags"
            placeholder={`Choose up to ${askLimits.tagsMax}`}
            searchPlaceholder="Search topics"
            searchLabel="Search topics"
            emptyText="No such topic"
            renderValue={(selected) => selected.map((o) => o.label).join(', ')}
            className="w-full justify-between"
          />
          <FieldError id="tags-error" message={errors.tags} />
        </div>
        <div className="space-y-2">
          <Label id="company-label">Company (optional)</Label>
          <Combobox
            aria-labelledby="company-label"
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={fields.company_id}
            onValueChange={(v) => set('company_id', v)}
            deselectable
            label="Company"
            placeholder="Any company"
            searchPlaceholder="Search companies"
            searchLabel="Search companies"
            emptyText="No such company"
            className="w-full justify-between"
          />
          <FieldError id="company_id-error" message={errors.company_id} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="role">Role (optional)</Label>
          <Input id="role" list="role-suggestions" value={fields.role} maxLength={askLimits.roleMax} onChange={(e) => set('role', e.target.value)} />
          <datalist id="role-suggestions">
            {askRoleSuggestions.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <FieldError id="role-error" message={errors.role} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="level">Level (optional)</Label>
          <Select value={fields.level || NO_LEVEL} onValueChange={(v) => set('level', v === NO_LEVEL ? '' : v)}>
            <SelectTrigger id="level">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_LEVEL}>Any level</SelectItem>
              {interviewLevels.map((l) => (
                <SelectItem key={l} value={l}>
                  {l}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {question ? null : (
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Checkbox
            id="anonymous"
            checked={fields.anonymous}
            onCheckedChange={(v) => set('anonymous', v === true)}
            aria-describedby="anonymous-help"
            className="mt-0.5"
          />
          <div className="space-y-1">
            <Label htmlFor="anonymous">Ask anonymously</Label>
            <p id="anonymous-help" className="text-sm text-muted-foreground">
              Everyone, answerers included, sees &ldquo;Anonymous&rdquo; instead of your name, here and in notifications; you can still edit, accept and follow
              it. Moderators can look up who asked only to act on a report, and each look is recorded. It cannot be changed later.
            </p>
          </div>
        </div>
      )}
      <FormError>{formError}</FormError>
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
