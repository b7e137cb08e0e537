import { FeatureRequestStatus, featureRequestStatuses } from '@app/contracts';
import { Check, ExternalLink, Loader2, X } from 'lucide-react';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/lib/document-title';
import {
  useContactSubmissions,
  useFeatureQueue,
  useFeatureRequests,
  useIsModerator,
  useModerateFeature,
  useModerateOpportunity,
  useOpportunityQueue,
} from './api';
import { StatusBadge, statusLabel } from './status-badge';

const failed = () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update status' });

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden /> {label}
    </p>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="py-10 text-center text-muted-foreground">{children}</p>;

function OpportunityQueue() {
  const queue = useOpportunityQueue(true);
  const moderate = useModerateOpportunity();
  if (queue.isPending) return <Loading label="Loading opportunities..." />;
  if (queue.isError) throw queue.error;
  if (queue.data.length === 0) return <Empty>No opportunities waiting for review</Empty>;
  const decide = (id: string, status: 'approved' | 'rejected') =>
    moderate.mutate(
      { id, status },
      { onSuccess: () => toast({ title: status === 'approved' ? 'Opportunity approved' : 'Opportunity rejected' }), onError: failed },
    );
  return (
    <ul className="space-y-3" aria-label="Opportunities waiting for review">
      {queue.data.map((o) => (
        <li key={o.id} className="rounded-lg border bg-card p-4 shadow-sm" data-testid="queued-opportunity">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{o.title}</h3>
            {o.badge ? <Badge variant="secondary">{o.badge}</Badge> : null}
            {o.compensation ? (
              <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">${o.compensation.toLocaleString('en-US')}</span>
            ) : null}
          </div>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-sm text-muted-foreground">{o.description}</p>
          <a
            href={o.link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex items-center gap-1 break-all text-sm text-primary underline-offset-4 hover:underline"
          >
            {o.link} <ExternalLink className="size-3" aria-hidden />
          </a>
          <div className="mt-3 flex gap-2">
            <Button size="sm" disabled={moderate.isPending} onClick={() => decide(o.id, 'approved')} aria-label={`Approve ${o.title}`}>
              <Check aria-hidden /> Approve
            </Button>
            <Button size="sm" variant="outline" disabled={moderate.isPending} onClick={() => decide(o.id, 'rejected')} aria-label={`Reject ${o.title}`}>
              <X aria-hidden /> Reject
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function FeatureStatusSelect({ id, title, status }: { id: string; title: string; status: FeatureRequestStatus }) {
  const moderate = useModerateFeature();
  return (
    <Select
      value={status}
      disabled={moderate.isPending}
      onValueChange={(v) => {
        const next = v as FeatureRequestStatus;
        // Awaited rather than per-call callbacks: the row may move between lists (and remount) before they would run.
        moderate.mutateAsync({ id, status: next }).then(() => toast({ title: `Status set to ${statusLabel[next]}` }), failed);
      }}
    >
      <SelectTrigger className="w-40" aria-label={`Status of ${title}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {featureRequestStatuses.map((s) => (
          <SelectItem key={s} value={s}>
            {statusLabel[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function FeatureModeration() {
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
          <FeatureStatusSelect id={f.id} title={f.title} status={f.status} />
        </li>
      ))}
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
            <span className="font-medium">{m.name ?? 'Anonymous'}</span>
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

/** The review desk: pending opportunities, feature request statuses, contact messages (moderators only). */
export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const moderator = useIsModerator();
  if (!moderator) {
    return (
      <section className="py-20 text-center">
        <h1 className="text-2xl font-bold">Moderation</h1>
        <p className="mt-2 text-muted-foreground">This page is for moderators.</p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Moderation</h1>
        <p className="text-muted-foreground">Review what candidates share before others see it.</p>
      </header>
      <Tabs defaultValue="opportunities" className="space-y-4">
        <TabsList>
          <TabsTrigger value="opportunities">Opportunities</TabsTrigger>
          <TabsTrigger value="features">Feature requests</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
        </TabsList>
        <TabsContent value="opportunities">
          <OpportunityQueue />
        </TabsContent>
        <TabsContent value="features">
          <FeatureModeration />
        </TabsContent>
        <TabsContent value="messages">
          <ContactMessages />
        </TabsContent>
      </Tabs>
    </div>
  );
}
