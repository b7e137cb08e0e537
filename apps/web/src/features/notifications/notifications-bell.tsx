import { Notification, notificationKinds, relativeTime } from '@app/contracts';
import { Bell, CircleSlash, MessageSquare, Sparkles, ThumbsUp } from 'lucide-react';
import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ModeratorBadge } from '@/components/moderator-badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { queryClient } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationPages, useUnreadNotifications } from './api';

const kindIcons: Record<string, typeof Bell> = {
  [notificationKinds.featureStatus]: Sparkles,
  [notificationKinds.submissionRejected]: CircleSlash,
  [notificationKinds.comment]: MessageSquare,
  [notificationKinds.designUpvote]: ThumbsUp,
};

/** The bell's accessible name carries the figure it shows, so a screen reader hears it too. */
const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const unread = !notification.read_at;
  const Icon = kindIcons[notification.kind] ?? Bell;
  return (
    <li>
      <Link
        to={notification.link}
        onClick={() => onOpen(notification)}
        data-testid="notification"
        data-unread={unread}
        className={cn(
          'flex gap-3 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          unread && 'bg-primary/5',
        )}
      >
        <Icon aria-hidden className={cn('mt-0.5 h-4 w-4 shrink-0', unread ? 'text-primary' : 'text-muted-foreground')} />
        <span className="min-w-0 flex-1">
          <span className={cn('block break-words', unread ? 'font-semibold' : 'text-muted-foreground')}>
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          {notification.by_moderator ? <ModeratorBadge /> : null}
          {notification.body && <span className="mt-0.5 line-clamp-2 block break-words text-muted-foreground">{notification.body}</span>}
          <span className="mt-0.5 block text-xs text-muted-foreground">{relativeTime(notification.created_at)}</span>
        </span>
        {unread && <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" />}
      </Link>
    </li>
  );
}

/** Issue 23 item 4: one bell for status changes, rejections and replies; the list opens under it. */
function NotificationsBell() {
  const [open, setOpen] = React.useState(false);
  const unread = useUnreadNotifications().data?.unread ?? 0;
  const pages = useNotificationPages(open);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];

  const openOne = (n: Notification) => {
    if (!n.read_at) markRead.mutate(n.id);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)} data-testid="notifications-bell">
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notifications-unread"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-0" aria-label="Notifications">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
            Mark all as read
          </Button>
        </div>
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
          {pages.isPending ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">Loading…</p>
          ) : pages.isError ? (
            <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
              Notifications could not be loaded. Please try again.
            </p>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">No notifications yet</p>
          ) : (
            <ul aria-label="Notifications list" className="space-y-0.5">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={openOne} />
              ))}
            </ul>
          )}
          {pages.hasNextPage && (
            <Button variant="ghost" size="sm" className="mt-1 w-full" disabled={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </Button>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** Its own module with the data layer (as the shell's username is): the first page's code stays without it. */
export default function NotificationsBellWithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsBell />
    </QueryClientProvider>
  );
}
