import { FeatureRequestStatus, featureRequestStatusLabels } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const tone: Record<FeatureRequestStatus, string> = {
  pending: 'border-amber-500 bg-transparent text-amber-700 dark:text-amber-300',
  open: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  planned: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  started: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  declined: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status }: { status: FeatureRequestStatus }) {
  return (
    <Badge variant="outline" className={cn('border-transparent', tone[status])}>
      {featureRequestStatusLabels[status]}
    </Badge>
  );
}
