import { AskSort, askSorts, QuestionQuery, TopicTag, topicLabel, topicTags } from '@app/contracts';
import { Bell, BellOff, Plus, Search } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import { useAddressParams } from '@/lib/use-address-params';
import { useCompanies, useFollowCompany, useFollows, useFollowTag, useQuestions } from './api';
import { failure } from './post-parts';
import { QuestionRow } from './question-row';

const sortLabels: Record<AskSort, string> = { relevance: 'Best match', newest: 'Newest', active: 'Active', unanswered: 'Unanswered', top: 'Top' };
const answeredLabels = { any: 'Answered or not', true: 'Answered', false: 'Not answered' } as const;
type Answered = keyof typeof answeredLabels;
const isTag = (t: string): t is TopicTag => (topicTags as readonly string[]).includes(t);
const isSort = (s: string | null): s is AskSort => askSorts.includes(s as AskSort);
const tagOptions = topicTags.map((t) => ({ value: t, label: topicLabel(t), keywords: [t] }));

/** The filters live in the URL (shareable, kept on Back); this reads and writes them. */
function useFilters() {
  const [params, update] = useAddressParams();
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const answered = (params.get('answered') ?? 'any') as Answered;
  const query: Omit<QuestionQuery, 'limit' | 'cursor'> = {
    q: q || undefined,
    sort: isSort(sortParam) && (sortParam !== 'relevance' || q) ? sortParam : undefined,
    tag: params.getAll('tag').filter(isTag),
    company_id: params.get('company') ?? undefined,
    answered: answered === 'any' ? undefined : answered,
    by_employee: params.get('by_employee') === 'true' ? 'true' : undefined,
    following: params.get('following') === 'true' ? 'true' : undefined,
  };
  const setOne = (key: string, value: string | undefined) => update((next) => (value ? next.set(key, value) : next.delete(key)));
  const setTags = (tags: string[]) =>
    update((next) => {
      next.delete('tag');
      tags.forEach((t) => next.append('tag', t));
    });
  return { q, query, answered, setOne, setTags };
}

/** Follow what the list is filtered to (one tag, a company): new questions about it reach the bell. */
function FollowFilters({ tags, companyId }: { tags: TopicTag[]; companyId: string | undefined }) {
  const follows = useFollows();
  const companies = useCompanies();
  const followTag = useFollowTag();
  const followCompany = useFollowCompany();
  const failed = (err: unknown) => toast({ variant: 'destructive', title: 'Error', description: failure(err, 'Failed to follow') });
  const company = companies.data?.find((c) => c.id === companyId);
  if (!follows.data) return null;
  const followed = follows.data;
  return (
    <div className="flex flex-wrap gap-2">
      {tags.map((tag) => {
        const on = followed.tags.includes(tag);
        return (
          <Button
            key={tag}
            variant="outline"
            size="sm"
            aria-pressed={on}
            disabled={followTag.isPending}
            onClick={() => followTag.mutateAsync({ tag, follow: !on }).catch(failed)}
          >
            {on ? <BellOff aria-hidden /> : <Bell aria-hidden />} {on ? `Following ${topicLabel(tag)}` : `Follow ${topicLabel(tag)}`}
          </Button>
        );
      })}
      {company
        ? (() => {
            const on = followed.companies.some((c) => c.id === company.id);
            return (
              <Button
                variant="outline"
                size="sm"
                aria-pressed={on}
                disabled={followCompany.isPending}
                onClick={() => followCompany.mutateAsync({ companyId: company.id, follow: !on }).catch(failed)}
              >
                {on ? <BellOff aria-hidden /> : <Bell aria-hidden />} {on ? `Following ${company.name}` : `Follow ${company.name}`}
              </Button>
            );
          })()
        : null}
    </div>
  );
}

/** /ask-a-swe: search, sort and filter the questions; the filters are in the URL. */
export default function QuestionsPage() {
  useDocumentTitle('Ask a SWE');
  const { q, query, answered, setOne, setTags } = useFilters();
  const [typed, setTyped] = React.useState(q);
  const companies = useCompanies();
  const questions = useQuestions(query);
  const items = questions.data?.pages.flatMap((p) => p.items) ?? [];
  const tags = query.tag as TopicTag[];
  const company = companies.data?.find((c) => c.id === query.company_id);

  // The search box writes the URL once typing pauses.
  React.useEffect(() => {
    const timer = setTimeout(() => setOne('q', typed.trim() || undefined), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setOne is new each render; only the typed text matters
  }, [typed]);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Ask a SWE</h1>
          <p className="text-muted-foreground">Questions about interviewing and working there, answered by engineers who do.</p>
        </div>
        <Button asChild>
          <Link to="/ask-a-swe/ask">
            <Plus aria-hidden /> Ask a question
          </Link>
        </Button>
      </header>
      <div className="space-y-3" role="search">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Label htmlFor="ask-search" className="sr-only">
            Search questions
          </Label>
          <Input id="ask-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search questions" className="pl-9" />
        </div>
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Question filters">
          <Select value={query.sort ?? (q ? 'relevance' : 'newest')} onValueChange={(v) => setOne('sort', v)}>
            <SelectTrigger className="w-40" aria-label="Sort by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {askSorts
                .filter((s) => s !== 'relevance' || q)
                .map((s) => (
                  <SelectItem key={s} value={s}>
                    {sortLabels[s]}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
          <Combobox
            multiple
            options={tagOptions}
            value={tags}
            onValueChange={setTags}
            label="Tags"
            placeholder="Any tag"
            searchPlaceholder="Search topics"
            searchLabel="Search topics"
            emptyText="No such topic"
            aria-label="Filter by tag"
            className="w-44 justify-between"
          />
          <Combobox
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={query.company_id}
            onValueChange={(v) => setOne('company', v)}
            deselectable
            label="Company"
            placeholder="Any company"
            searchPlaceholder="Search companies"
            searchLabel="Search companies"
            emptyText="No such company"
            aria-label="Filter by company"
            className="w-44 justify-between"
          />
          <Select value={answered} onValueChange={(v) => setOne('answered', v === 'any' ? undefined : v)}>
            <SelectTrigger className="w-44" aria-label="Answered">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(answeredLabels) as Answered[]).map((a) => (
                <SelectItem key={a} value={a}>
                  {answeredLabels[a]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex items-center gap-2">
            <Checkbox id="by-employee" checked={!!query.by_employee} onCheckedChange={(v) => setOne('by_employee', v === true ? 'true' : undefined)} />
            <Label htmlFor="by-employee">Answered by someone who works there</Label>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="following" checked={!!query.following} onCheckedChange={(v) => setOne('following', v === true ? 'true' : undefined)} />
            <Label htmlFor="following">Following</Label>
          </div>
        </div>
        <FollowFilters tags={tags} companyId={company?.id} />
      </div>
      <section aria-labelledby="results-heading" className="space-y-3">
        <h2 id="results-heading" className="sr-only">
          Questions
        </h2>
        {questions.isPending ? (
          <p role="status" className="py-10 text-center text-muted-foreground">
            Loading questions...
          </p>
        ) : questions.isError ? (
          <p role="alert" className="py-10 text-center text-destructive">
            {failure(questions.error, 'Failed to fetch questions')}
          </p>
        ) : items.length === 0 ? (
          <div className="space-y-3 py-10 text-center">
            <p className="text-muted-foreground">{q ? `No question matches “${q}”.` : 'No questions here yet.'}</p>
            <Button asChild variant="outline">
              <Link to="/ask-a-swe/ask">Ask the first one</Link>
            </Button>
          </div>
        ) : (
          <ul className="space-y-3" aria-label="Questions">
            {items.map((item) => (
              <QuestionRow key={item.id} question={item} />
            ))}
          </ul>
        )}
        {questions.hasNextPage ? (
          <div className="flex justify-center">
            <Button variant="outline" disabled={questions.isFetchingNextPage} onClick={() => questions.fetchNextPage()}>
              {questions.isFetchingNextPage ? 'Loading...' : 'More questions'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
