import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { CompanySections } from '@/components/company-sections';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useInsights } from './api';
import { CompanyLogo } from './components/company-logo';
import { FilterPopover } from './components/filter-popover';
import { InsightsPanel } from './components/insights-panel';
import { InterviewList } from './components/interview-list';
import { OfferRanges } from './components/offer-ranges';
import { SortSelect } from './components/sort-select';
import { SubmitInterviewDialog } from './components/submit-interview-dialog';
import { TopQuestions } from './components/top-questions';
import { useFilters } from './filters';

function CompanyInterviews({ companyName }: { companyName: string }) {
  const filters = useFilters(companyName);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Interview filters">
        <FilterPopover filters={filters} />
        <SortSelect filters={filters} />
        <div className="ml-auto">
          <SubmitInterviewDialog />
        </div>
      </div>
      <InterviewList filters={filters} />
    </>
  );
}

/** /candidate-interviews/{companyName}: the company's insights above its interviews, with the same filters. */
export default function CompanyPage() {
  const { companyName = '' } = useParams();
  const insights = useInsights(companyName);
  useDocumentTitle(`${insights.data?.company_name ?? companyName} Interviews`);

  if (insights.isPending) return <PagePlaceholder />;
  if (insights.isError) {
    if (!(insights.error instanceof ApiError && insights.error.status === 404)) throw insights.error;
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Could not find this company</h1>
        <p className="text-muted-foreground">Nobody has shared an interview with a company of that name.</p>
        <Button asChild variant="outline">
          <Link to="/candidate-interviews">
            <ArrowLeft aria-hidden /> All interviews
          </Link>
        </Button>
      </div>
    );
  }
  const company = insights.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link to="/candidate-interviews" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> All interviews
      </Link>
      <header className="flex items-center gap-4">
        <CompanyLogo name={company.company_name} className="size-14" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{company.company_name}</h1>
          <p className="text-muted-foreground">What candidates report about interviewing here.</p>
        </div>
      </header>
      <InsightsPanel insights={company} />
      <TopQuestions insights={company} />
      <OfferRanges insights={company} />
      <CompanySections companyId={company.company_id} companyName={company.company_name} />
      <h2 className="text-xl font-semibold">Interviews</h2>
      <CompanyInterviews companyName={company.company_name} />
    </div>
  );
}
