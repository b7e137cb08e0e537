import { FeatureRequestStatus, featureRequestStatusLabels, FeatureSort, featureSorts, limits } from '@app/contracts';
import { Loader2, MessageSquare, Plus, Search, Sparkles } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/lib/auth';
import { useAddressParams } from '@/lib/use-address-params';
import { useSettled } from '@/lib/use-settled';
import { useFeatureInteractions, useFeatureRequests, useToggleFeatureSubscription, useToggleFeatureVote } from './api';
import { EmailUpdatesButton } from './components/email-updates-button';
import { ListItem } from './components/list-item';
import { OwnSubmissions } from './moderation/own-submissions';
import { StatusBadge } from './status-badge';

type Listed = Exclude<FeatureRequestStatus, 'pending'>;
const listedStatuses: Listed[] = ['open', 'planned', 'started', 'completed', 'declined'];
const sortLabel: Record<FeatureSort, string> = { top: 'Top', newest: 'Newest', trending: 'Trending' };
const isSort = (value: string | null): value is FeatureSort => featureSorts.includes(value as FeatureSort);

/** The sort lives in the address (?sort=), so a shared or reloaded board keeps it; top is the default and leaves it out. */
function useSortParam(): [FeatureSort, (sort: FeatureSort) => void] {
  const [params, editParams] = useAddressParams();
  const value = params.get('sort');
  const sort = isSort(value) ? value : 'top';
  const setSort = (next: FeatureSort) => editParams((updated) => (next === 'top' ? updated.delete('sort') : updated.set('sort', next)));
  return [sort, setSort];
}

function loginRequired(description = 'Please login to upvote features') {
  toast({
    title: 'Login Required',
    description,
    action: (
      <Button asChild size="sm" variant="outline">
        <Link to="/login">Login</Link>
      </Button>
    ),
  });
}

/** An error toast once per failure, not once per render. */
function useFailureToast(failed: boolean, description: string) {
  React.useEffect(() => {
    if (failed) toast({ variant: 'destructive', title: 'Error', description });
  }, [failed, description]);
}

export default function FeatureRequestsPage() {
  useDocumentTitle('Feature Requests');
  const { user } = useAuth();
  const [status, setStatus] = React.useState<Listed | 'all'>('all');
  const [mine, setMine] = React.useState(false);
  const [text, setText] = React.useState('');
  const [sort, setSort] = useSortParam();
  const q = useSettled(text.trim());
  const features = useFeatureRequests({ q, status: status === 'all' ? undefined : status, voted: mine, sort });
  const narrowed = q !== '' || status !== 'all';
  const ids = features.data?.map((f) => f.id) ?? [];
  const interactions = useFeatureInteractions(ids);
  const toggle = useToggleFeatureVote();
  const follow = useToggleFeatureSubscription();
  useFailureToast(features.isError, 'Failed to fetch features');
  useFailureToast(
    interactions.some((q) => q.isError),
    'Failed to fetch interactions',
  );

  const vote = (id: string, index: number) => {
    const state = interactions[index];
    const current = state?.data;
    const sessionEnded = state?.error instanceof ApiError && state.error.status === 401;
    if (!user || sessionEnded) return loginRequired();
    if (!current) return;
    // The promise, not mutate's callbacks: a 401 ends the session and leaves this page before the
    // answer is handled, and TanStack skips the callbacks of an unmounted component.
    toggle.mutateAsync({ id, current }).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) loginRequired();
      else toast({ variant: 'destructive', title: 'Error', description: 'Failed to update vote' });
    });
  };

  const toggleUpdates = (id: string, index: number) => {
    const state = interactions[index];
    const current = state?.data;
    const sessionEnded = state?.error instanceof ApiError && state.error.status === 401;
    const signInFirst = () => loginRequired('Please login to get e-mail updates');
    if (!user || sessionEnded) return signInFirst();
    if (!current) return;
    follow.mutateAsync({ id, subscribe: !current.isSubscribed }).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) signInFirst();
      else toast({ variant: 'destructive', title: 'Error', description: 'Failed to update e-mail updates' });
    });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Feature Requests</h1>
          <p className="text-muted-foreground">Vote on features you&apos;d like to see implemented</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/whats-new">
              <Sparkles aria-hidden /> What&apos;s new
            </Link>
          </Button>
          <Button asChild>
            <Link to="/contact-form/feature-request">
              <Plus aria-hidden /> Request a feature
            </Link>
          </Button>
        </div>
      </header>
      <OwnSubmissions kind="feature_request" />
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-64">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search feature requests"
            placeholder="Search feature requests..."
            className="pl-8"
            maxLength={limits.titleMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Select value={status} onValueChange={(v) => setStatus(v as Listed | 'all')}>
          <SelectTrigger className="w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {listedStatuses.map((s) => (
              <SelectItem key={s} value={s}>
                {featureRequestStatusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={sort} onValueChange={(v) => setSort(v as FeatureSort)}>
          <SelectTrigger className="w-36" aria-label="Sort by">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {featureSorts.map((s) => (
              <SelectItem key={s} value={s}>
                {sortLabel[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant={mine ? 'default' : 'outline'} aria-pressed={mine} onClick={() => setMine(!mine)}>
          My votes
        </Button>
      </div>
      {features.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading feature requests...
        </p>
      ) : features.isError ? null : features.data.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">
          {mine ? (narrowed ? 'None of the features you voted for match' : 'You have not voted for any feature yet') : 'No feature requests found'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Feature requests">
          {features.data.map((f, i) => {
            const state = interactions[i];
            const data = state?.data;
            const busy = (toggle.isPending && toggle.variables?.id === f.id) || !!state?.isFetching;
            return (
              <ListItem
                key={f.id}
                title={f.title}
                description={f.description}
                postedAt={f.created_at}
                badges={<StatusBadge status={f.status} />}
                upvote={{ count: data ? data.interactions.length : f.upvotes, active: !!data?.hasUserUpvoted, busy, onToggle: () => vote(f.id, i) }}
                actions={
                  <>
                    <EmailUpdatesButton
                      title={f.title}
                      subscribed={!!data?.isSubscribed}
                      busy={(follow.isPending && follow.variables?.id === f.id) || !!state?.isFetching}
                      onToggle={() => toggleUpdates(f.id, i)}
                    />
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/feature-requests/${f.id}`} aria-label={`Details and comments: ${f.title}`}>
                        <MessageSquare aria-hidden /> Comments
                      </Link>
                    </Button>
                  </>
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
