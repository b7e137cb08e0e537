import { communityApi, Notification, notificationsPage, UnreadNotifications } from '@app/contracts';
import { InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWithHeaders, endpointKey, endpointQuery } from '@/lib/api';

/** The bell asks again this often while the app is open (and on returning to the tab): a minute is soon enough for news. */
const unreadPollMs = 60_000;

interface Page {
  items: Notification[];
  next?: string;
}

const unreadKey = endpointKey(communityApi.countUnreadNotifications, {});
const listKey = endpointKey(communityApi.listNotifications);

export function useUnreadNotifications() {
  return useQuery({
    ...endpointQuery(communityApi.countUnreadNotifications, {}),
    // A count is cheap: asked again on every return to the tab, not only after the app's usual two minutes.
    staleTime: 0,
    refetchInterval: unreadPollMs,
    refetchOnWindowFocus: true,
  });
}

/** Newest first, a page at a time (X-Next-Cursor); fetched only while the list is open. */
export function useNotificationPages(open: boolean) {
  return useInfiniteQuery({
    queryKey: listKey,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<Page> => {
      const { data, headers } = await callWithHeaders(communityApi.listNotifications, { query: { limit: notificationsPage, cursor: pageParam } });
      return { items: data, next: headers.get('X-Next-Cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.next,
    enabled: open,
    staleTime: 0,
  });
}

/** Shows the change at once (read styling, the bell's figure), then asks both again. */
function useReadMutation<V>(mutationFn: (vars: V) => Promise<unknown>, isAffected: (n: Notification, vars: V) => boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (vars: V) => {
      await Promise.all([client.cancelQueries({ queryKey: listKey }), client.cancelQueries({ queryKey: unreadKey })]);
      const now = new Date().toISOString();
      let newlyRead = 0;
      client.setQueryData<InfiniteData<Page, string | undefined>>(
        listKey,
        (cached) =>
          cached && {
            ...cached,
            pages: cached.pages.map((page) => ({
              ...page,
              items: page.items.map((n) => {
                if (n.read_at || !isAffected(n, vars)) return n;
                newlyRead += 1;
                return { ...n, read_at: now };
              }),
            })),
          },
      );
      client.setQueryData<UnreadNotifications>(unreadKey, (cached) => cached && { unread: Math.max(0, cached.unread - newlyRead) });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: listKey }), client.invalidateQueries({ queryKey: unreadKey })]),
  });
}

export const useMarkNotificationRead = () =>
  useReadMutation(
    (id: string) => call(communityApi.markNotificationRead, { params: { id } }),
    (n, id) => n.id === id,
  );

export const useMarkAllNotificationsRead = () =>
  useReadMutation(
    () => call(communityApi.markAllNotificationsRead),
    () => true,
  );
