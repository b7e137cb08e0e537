import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferred } from '@/lib/deferred';
import { useDocumentTitle } from '@/lib/document-title';
import { CompanyCarousel } from './components/company-carousel';
import { CompanyPicker } from './components/company-picker';
import { FilterPopover } from './components/filter-popover';
import { InterviewList } from './components/interview-list';
import { SearchBox } from './components/search-box';
import { SortSelect } from './components/sort-select';
import { useFilters } from './filters';

/** The form (and its pickers and checks) loads after the cards; its button holds the place meanwhile (lib/deferred.tsx). */
const SubmitInterviewDialog = deferred(
  () => import('./components/submit-interview-dialog').then((m) => m.SubmitInterviewDialog),
  <Button size="icon" aria-label="Add new experience" title="Add new experience" disabled>
    <Plus aria-hidden />
  </Button>,
);

/** /candidate-interviews: everyone's interview experiences, filtered from the URL. */
export default function InterviewsPage() {
  useDocumentTitle('Interview Experiences');
  const filters = useFilters();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Interview Experiences</h1>
        <p className="text-muted-foreground">What candidates were asked, round by round, and how it ended.</p>
      </header>
      <CompanyCarousel />
      <SearchBox filters={filters} />
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Interview filters">
        <FilterPopover filters={filters} />
        {/* A search shows the best matches first. */}
        {filters.search ? null : <SortSelect filters={filters} />}
        <CompanyPicker company={filters.company} onChange={filters.setCompany} />
        <div className="ml-auto">
          <SubmitInterviewDialog />
        </div>
      </div>
      {/* The cards' company names are h3: the list has its heading, for those who move by headings. */}
      <h2 className="sr-only">Shared interviews</h2>
      <InterviewList filters={filters} />
    </div>
  );
}
