import {
  communityApi,
  ExternalResource,
  FlaggedKind,
  interviewsApi,
  Opportunity,
  OpportunityDecision,
  OpportunityStatus,
  ResourceDecision,
  ReviewedKind,
} from '@app/contracts';
import * as React from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWithHeaders, endpointKey, endpointQuery } from '@/lib/api';

export function useModerationSummary() {
  return useQuery(endpointQuery(communityApi.moderationSummary));
}

/** The caller's own opportunities and resources with their review state and the moderator's reason. */
export function useOwnSubmissions() {
  return useQuery(endpointQuery(communityApi.ownSubmissions));
}

/**
 * Every service's audit log in one list, newest first: community's (decisions, the board) and
 * interviews' (comments under reports). Pending until both have answered.
 */
export function useModerationLog(enabled: boolean) {
  const community = useQuery({ ...endpointQuery(communityApi.moderationLog), enabled });
  const interviews = useQuery({ ...endpointQuery(interviewsApi.interviewModerationLog), enabled });
  const data = React.useMemo(
    () => (community.data && interviews.data ? [...community.data, ...interviews.data].sort((a, b) => b.created_at.localeCompare(a.created_at)) : undefined),
    [community.data, interviews.data],
  );
  return { data, isPending: community.isPending || interviews.isPending, error: community.error ?? interviews.error };
}

/** An opportunity or resource as the review queue shows it, with the record itself for its corrections. */
export type ReviewItem = {
  id: string;
  title: string;
  description: string;
  link: string;
  status: OpportunityStatus;
} & ({ kind: 'opportunity'; opportunity: Opportunity } | { kind: 'resource'; resource: ExternalResource });
const fromOpportunity = (o: Opportunity): ReviewItem => ({
  id: o.id,
  title: o.title,
  description: o.description,
  link: o.link,
  status: o.status,
  kind: 'opportunity',
  opportunity: o,
});
const fromResource = (r: ExternalResource): ReviewItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  link: r.url,
  status: r.status,
  kind: 'resource',
  resource: r,
});

/** What waits for review of one kind: every pending one, at once (the queue is worked down). */
export function useReviewQueue(kind: ReviewedKind) {
  const query = { status: 'pending' as const };
  const opportunities = useQuery({
    ...endpointQuery(communityApi.listOpportunities, { query }),
    enabled: kind === 'opportunity',
    select: (list) => list.map(fromOpportunity),
  });
  const resources = useQuery({
    ...endpointQuery(communityApi.listExternalResources, { query }),
    enabled: kind === 'resource',
    select: (list) => list.map(fromResource),
  });
  return kind === 'opportunity' ? opportunities : resources;
}

/** Listed items a page at a time. */
const listedPageSize = 20;
/** Its own key, outside the lists' (their optimistic updates expect a plain list or the board's pages); a decision reads it again. */
const listedKey = (kind: ReviewedKind) => ['moderation', 'listed', kind] as const;

/** What is listed of one kind, newest first, which a moderator may take down: pages by cursor (X-Next-Cursor). */
export function useListedPages(kind: ReviewedKind) {
  return useInfiniteQuery({
    queryKey: listedKey(kind),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<{ items: ReviewItem[]; next?: string }> => {
      const query = { status: 'approved' as const, limit: listedPageSize, cursor: pageParam };
      if (kind === 'opportunity') {
        const { data, headers } = await callWithHeaders(communityApi.listOpportunities, { query: { ...query, sort: 'newest' } });
        return { items: data.map(fromOpportunity), next: headers.get('X-Next-Cursor') ?? undefined };
      }
      const { data, headers } = await callWithHeaders(communityApi.listExternalResources, { query });
      return { items: data.map(fromResource), next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
  });
}

const listOf = { opportunity: communityApi.listOpportunities, resource: communityApi.listExternalResources } as const;

/** A decision on one item, with the moderator's corrections when approving; afterwards its lists, the tab counts and the audit log are read again. */
export function useDecide(kind: ReviewedKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: OpportunityDecision | ResourceDecision }): Promise<void> => {
      if (kind === 'opportunity') await call(communityApi.moderateOpportunity, { params: { id }, body: decision as OpportunityDecision });
      else await call(communityApi.moderateResource, { params: { id }, body: decision as ResourceDecision });
    },
    onSettled: () =>
      Promise.all([
        ...[listOf[kind], communityApi.moderationSummary, communityApi.moderationLog].map((endpoint) =>
          client.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
        client.invalidateQueries({ queryKey: listedKey(kind) }),
      ]),
  });
}

/** Flagged posts (Ask a SWE's, community designs and their comments), most flagged first. */
export function useFlaggedPosts() {
  return useQuery(endpointQuery(communityApi.flaggedPosts));
}

/** Restore or remove a flagged post; afterwards the queue, the tab counts and the audit log are read again. */
export function useDecideFlaggedPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, ...body }: { kind: FlaggedKind; id: string; decision: 'restore' | 'remove'; reason?: string }) =>
      call(communityApi.decideFlaggedPost, { params: { kind, id }, body }),
    onSettled: () =>
      Promise.all(
        [communityApi.flaggedPosts, communityApi.moderationSummary, communityApi.moderationLog].map((endpoint) =>
          client.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
      ),
  });
}

/** Who asked a question: the opening, with its reason, is a line of the audit log. */
export function useOpenAsker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => call(communityApi.openAskerIdentity, { params: { id }, body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: endpointKey(communityApi.moderationLog) }),
  });
}
