import { FeatureRequestStatus, featureRequestStatusLabels, featureRequestStatuses } from '@app/contracts';
import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import { useContactSubmissions, useFeatureQueue, useFeatureRequests, useIsModerator, useModerateFeature } from './api';
import { useModerationSummary } from './moderation/api';
import { AuditLog } from './moderation/audit-log';
import { FlaggedPosts } from './moderation/flagged-posts';
import { ReasonDialog, ReasonRequest } from './moderation/reason-dialog';
import { ReviewQueue } from './moderation/review-queue';
import { Empty, Loading } from './moderation/states';
import { StatusBadge } from './status-badge';

const failed = () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update status' });

function FeatureStatusSelect({
  id,
  title,
  status,
  onReason,
}: {
  id: string;
  title: string;
  status: FeatureRequestStatus;
  onReason(request: ReasonRequest): void;
}) {
  const moderate = useModerateFeature();
  // Awaited rather than per-call callbacks: the row may move between lists (and remount) before they would run.
  const set = (next: FeatureRequestStatus, reason?: string) =>
    moderate.mutateAsync({ id, status: next, reason }).then(() => toast({ title: `Status set to ${featureRequestStatusLabels[next]}` }), failed);
  return (
    <Select
      value={status}
      disabled={moderate.isPending}
      onValueChange={(v) => {
        const next = v as FeatureRequestStatus;
        // Declining a request still in review rejects it: its author is told why.
        if (status === 'pending' && next === 'declined') onReason({ action: 'Decline', title, onConfirm: (reason) => void set(next, reason) });
        else void set(next);
      }}
    >
      <SelectTrigger className="w-40" aria-label={`Status of ${title}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {featureRequestStatuses.map((s) => (
          <SelectItem key={s} value={s}>
            {featureRequestStatusLabels[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function FeatureModeration() {
  const [reason, setReason] = React.useState<ReasonRequest>();
  const queue = useFeatureQueue(true);
  const listed = useFeatureRequests({});
  if (queue.isPending || listed.isPending) return <Loading label="Loading feature requests..." />;
  if (queue.isError) throw queue.error;
  if (listed.isError) throw listed.error;
  // The queue first, then the listed ones not in it (a request just opened stays shown while both refetch).
  const queued = new Set(queue.data.map((f) => f.id));
  const all = [...queue.data, ...listed.data.filter((f) => !queued.has(f.id))];
  if (all.length === 0) return <Empty>No feature requests yet</Empty>;
  return (
    <ul className="space-y-3" aria-label="Feature requests to moderate">
      {all.map((f) => (
        <li key={f.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm sm:flex-row sm:items-start" data-testid="moderated-feature">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold [overflow-wrap:anywhere]">{f.title}</h3>
              <StatusBadge status={f.status} />
              <span className="text-xs text-muted-foreground">{f.upvotes} upvotes</span>
            </div>
            <p className="mt-1 line-clamp-3 whitespace-pre-line [overflow-wrap:anywhere] text-sm text-muted-foreground">{f.description}</p>
          </div>
          <FeatureStatusSelect id={f.id} title={f.title} status={f.status} onReason={setReason} />
        </li>
      ))}
      {reason ? <ReasonDialog request={reason} onClose={() => setReason(undefined)} /> : null}
    </ul>
  );
}

function ContactMessages() {
  const messages = useContactSubmissions(true);
  if (messages.isPending) return <Loading label="Loading messages..." />;
  if (messages.isError) throw messages.error;
  if (messages.data.length === 0) return <Empty>No messages yet</Empty>;
  return (
    <ul className="space-y-3" aria-label="Contact messages">
      {messages.data.map((m) => (
        <li key={m.id} className="rounded-lg border bg-card p-4 shadow-sm">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="secondary">{m.subject}</Badge>
            {/* A signed-in sender is named by their account (the service fills a blank name and e-mail; older messages kept only the id). */}
            {m.name || !m.email ? <span className="font-medium">{m.name ?? (m.user_id ? 'Signed-in member' : 'Anonymous')}</span> : null}
            {m.email ? (
              <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${m.email}`}>
                {m.email}
              </a>
            ) : null}
            <time className="ml-auto text-xs text-muted-foreground" dateTime={m.created_at}>
              {new Date(m.created_at).toLocaleString()}
            </time>
          </div>
          <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere] text-sm">{m.message}</p>
        </li>
      ))}
    </ul>
  );
}

// 'ask-a-swe' is the flagged posts' tab (Ask a SWE's and community designs'); its value stays as links and tests know it.
const tabs = ['opportunities', 'resources', 'features', 'ask-a-swe', 'messages', 'log'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/** A tab's name with what waits in it, e.g. "Opportunities 3". */
function TabLabel({ label, pending }: { label: string; pending?: number }) {
  return (
    <>
      {label}
      {pending ? (
        <Badge variant="secondary" className="ml-1.5 px-1.5 tabular-nums">
          {pending}
        </Badge>
      ) : null}
    </>
  );
}

/** The review desk: opportunities, resources, feature requests, flagged posts, contact messages and the audit log (moderators only); the tab is in the URL. */
export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const moderator = useIsModerator();
  const [params, setParams] = useSearchParams();
  const summary = useModerationSummary();
  if (!moderator) {
    return (
      <section className="py-20 text-center">
        <h1 className="text-2xl font-bold">Moderation</h1>
        <p className="mt-2 text-muted-foreground">This page is for moderators.</p>
      </section>
    );
  }
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'opportunities';
  const pending = summary.data?.pending;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Moderation</h1>
        <p className="text-muted-foreground">Review what candidates share before others see it.</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="space-y-4">
        {/* A tab keeps its name and count on one line; the list wraps rows instead. */}
        <TabsList className="h-auto flex-wrap whitespace-nowrap">
          <TabsTrigger value="opportunities">
            <TabLabel label="Opportunities" pending={pending?.opportunities} />
          </TabsTrigger>
          <TabsTrigger value="resources">
            <TabLabel label="Resources" pending={pending?.resources} />
          </TabsTrigger>
          <TabsTrigger value="features">
            <TabLabel label="Feature requests" pending={pending?.features} />
          </TabsTrigger>
          <TabsTrigger value="ask-a-swe">
            <TabLabel label="Flagged posts" pending={pending?.flagged_posts} />
          </TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="log">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="opportunities">
          <ReviewQueue kind="opportunity" />
        </TabsContent>
        <TabsContent value="resources">
          <ReviewQueue kind="resource" />
        </TabsContent>
        <TabsContent value="features">
          {/* Each request's title is an h3, as in the other tabs' lists. */}
          <h2 className="sr-only">Feature requests</h2>
          <FeatureModeration />
        </TabsContent>
        <TabsContent value="ask-a-swe">
          <FlaggedPosts />
        </TabsContent>
        <TabsContent value="messages">
          <ContactMessages />
        </TabsContent>
        <TabsContent value="log">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}
