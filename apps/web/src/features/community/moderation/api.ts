import { communityApi, ExternalResource, ModerationDecision, Opportunity, OpportunityStatus, ReviewedKind } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';

export function useModerationSummary() {
  return useQuery(endpointQuery(communityApi.moderationSummary));
}

/** The caller's own opportunities and resources with their review state and the moderator's reason. */
export function useOwnSubmissions() {
  return useQuery(endpointQuery(communityApi.ownSubmissions));
}

export function useModerationLog(enabled: boolean) {
  return useQuery({ ...endpointQuery(communityApi.moderationLog), enabled });
}

/** An opportunity or resource as the review queue shows it. */
export interface ReviewItem {
  id: string;
  title: string;
  description: string;
  link: string;
  status: OpportunityStatus;
}
const fromOpportunity = ({ id, title, description, link, status }: Opportunity): ReviewItem => ({ id, title, description, link, status });
const fromResource = ({ id, title, description, url, status }: ExternalResource): ReviewItem => ({ id, title, description, link: url, status });

/** What waits for review of one kind (pending), or what is listed, which a moderator may take down. */
export function useReviewList(kind: ReviewedKind, pending: boolean) {
  const query = pending ? { status: 'pending' as const } : {};
  const opportunities = useQuery({
    ...endpointQuery(communityApi.listOpportunities, { query }),
    enabled: kind === 'opportunity',
    select: (list) => list.map(fromOpportunity).filter((o) => pending || o.status === 'approved'),
  });
  const resources = useQuery({
    ...endpointQuery(communityApi.listExternalResources, { query }),
    enabled: kind === 'resource',
    select: (list) => list.map(fromResource).filter((r) => pending || r.status === 'approved'),
  });
  return kind === 'opportunity' ? opportunities : resources;
}

const listOf = { opportunity: communityApi.listOpportunities, resource: communityApi.listExternalResources } as const;

/** A decision on one item; afterwards its lists, the tab counts and the audit log are read again. */
export function useDecide(kind: ReviewedKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: ModerationDecision }): Promise<void> => {
      await call(kind === 'opportunity' ? communityApi.moderateOpportunity : communityApi.moderateResource, { params: { id }, body: decision });
    },
    onSettled: () =>
      Promise.all(
        [listOf[kind], communityApi.moderationSummary, communityApi.moderationLog].map((endpoint) =>
          client.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
      ),
  });
}
