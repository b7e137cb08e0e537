import {
  PromptSummary,
  SystemDesignConceptKey,
  systemDesignConceptKeys,
  systemDesignConcepts,
  systemDesignLevelNames,
  systemDesignLevels,
} from '@app/contracts';
import { Search } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { usePrompts } from './api';
import { ProgressPanel } from './components/progress-panel';
import { usePromptFilters } from './filters';
import { askedAtLine, progressLine } from './format';

const conceptOptions = systemDesignConceptKeys.map((key) => ({ value: key, label: systemDesignConcepts[key].name }));
const allLevels = 'all';

function PromptCard({ prompt }: { prompt: PromptSummary }) {
  return (
    <Card className="flex flex-col" data-testid="prompt-card">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-lg">
            <Link to={`/system-design/${prompt.slug}`} className="hover:underline">
              {prompt.title}
            </Link>
          </CardTitle>
          <Badge variant="secondary" className="shrink-0">
            {systemDesignLevelNames[prompt.level]}
          </Badge>
        </div>
        <CardDescription>{prompt.summary}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto space-y-3 text-sm">
        <ul className="flex flex-wrap gap-1" aria-label="Concepts a good answer covers">
          {prompt.concepts.map((c) => (
            <li key={c.key}>
              <Badge variant="outline" className="font-normal">
                {c.name}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">{askedAtLine(prompt.asked_at)}</p>
        <p className={prompt.progress.attempts ? 'font-medium' : 'text-muted-foreground'} data-testid="prompt-progress">
          {progressLine(prompt.progress)}
        </p>
      </CardContent>
    </Card>
  );
}

/** /system-design: the prompts, filtered by company, level and concept and searched, from the URL; and the candidate's progress. */
export default function PromptsPage() {
  useDocumentTitle('System Design');
  const filters = usePromptFilters();
  const prompts = usePrompts(filters.query);
  const [search, setSearch] = React.useState(filters.search);
  const { set, search: searched } = filters;
  // The URL (and the list call) follow the search box once typing pauses, not on every key.
  React.useEffect(() => {
    if (search.trim() === searched) return;
    const timer = setTimeout(() => set('q', search.trim() || undefined), 250);
    return () => clearTimeout(timer);
  }, [search, searched, set]);

  if (prompts.isPending) return <PagePlaceholder />;
  if (prompts.isError) throw prompts.error;
  const { companies } = prompts.data;
  const companyOptions = companies.map((c) => ({ value: c.company_id, label: c.company_name, hint: `${c.reports}` }));

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">System Design</h1>
        <p className="text-muted-foreground">
          Design a system in the 45-minute framework, drawing as you go; then compare with the reference outline and rate yourself.
        </p>
      </header>
      <ProgressPanel />
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Prompt filters">
        <div className="relative w-full sm:w-64">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search prompts"
            placeholder="Search prompts"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select value={filters.query.level ?? allLevels} onValueChange={(v) => set('level', v === allLevels ? undefined : v)}>
          <SelectTrigger className="w-40" aria-label="Level">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={allLevels}>All levels</SelectItem>
            {systemDesignLevels.map((level) => (
              <SelectItem key={level} value={level}>
                {systemDesignLevelNames[level]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Combobox
          className="w-48"
          label="Concept"
          aria-label="Concept"
          placeholder="Any concept"
          searchPlaceholder="Search concepts"
          searchLabel="Search concepts"
          emptyText="No such concept"
          options={conceptOptions}
          value={filters.query.concept}
          onValueChange={(v) => set('concept', v as SystemDesignConceptKey | undefined)}
          deselectable
        />
        <Combobox
          className="w-48"
          label="Company"
          aria-label="Company"
          placeholder="Any company"
          searchPlaceholder="Search companies"
          searchLabel="Search companies"
          emptyText="No report names a prompt at that company yet"
          options={companyOptions}
          value={filters.query.company}
          onValueChange={(v) => set('company', v)}
          deselectable
        />
        {filters.active ? (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              filters.clear();
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      <h2 className="sr-only">Prompts</h2>
      {prompts.data.prompts.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground" role="status">
          No prompt matches these filters.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {prompts.data.prompts.length} {prompts.data.prompts.length === 1 ? 'prompt' : 'prompts'}
          </p>
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {prompts.data.prompts.map((p) => (
              <PromptCard key={p.slug} prompt={p} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
