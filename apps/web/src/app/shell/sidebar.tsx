import { Zap } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import * as React from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { useAfterContent } from '@/lib/after-content';
import { displayName, useAuth } from '@/lib/auth';
import { moderationGroup, navGroups, type NavItem } from '@/lib/nav';
import { useSidebar } from './sidebar-state';
import { WithUsername } from './username';

// Only phones need the drawer (and its dialog machinery): loaded once the page has shown its
// content, or at once when opened before.
const MobileDrawer = React.lazy(() => import('./mobile-drawer'));

function Logo({ compact }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight" aria-label="Thunderprep home">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Zap className="size-4 fill-current text-bolt" aria-hidden />
      </span>
      {compact ? null : <span className="text-lg">Thunderprep</span>}
    </Link>
  );
}

function Item({ item, compact, onNavigate }: { item: NavItem; compact: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  const content = (
    <>
      <Icon className="size-4 shrink-0" aria-hidden />
      {compact ? null : <span className="truncate">{item.label}</span>}
      {!compact && item.badge ? (
        <span
          className={cn(
            'ml-auto rounded-full px-1.5 py-0.5 text-[10px] font-semibold uppercase',
            item.badge === 'New' ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          {item.badge}
        </span>
      ) : null}
    </>
  );
  const base = cn('flex h-9 items-center gap-3 rounded-md px-2.5 text-sm', compact && 'justify-center px-0');
  if (item.badge === 'Soon') {
    // Not built yet: visible so people know it is coming, but not a link.
    return (
      <span className={cn(base, 'cursor-not-allowed text-muted-foreground opacity-60')} aria-disabled="true" title={`${item.label} (coming soon)`}>
        {content}
      </span>
    );
  }
  // The page's code and data start on the user's intent, before the click.
  const prefetch = () => void import('@/app/route-prefetch').then(({ prefetchPage }) => prefetchPage(item.to));
  return (
    <NavLink
      to={item.to}
      end
      onClick={onNavigate}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      title={compact ? item.label : undefined}
      aria-label={compact ? item.label : undefined}
      className={({ isActive }) => cn(base, 'transition-colors hover:bg-sidebar-accent', isActive && 'bg-sidebar-accent font-semibold text-accent-foreground')}
    >
      {content}
    </NavLink>
  );
}

function SidebarBody({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { user } = useAuth();
  // contracts' isModerator (app_metadata.role = moderatorRole), written out: importing the contracts
  // barrel here would put every schema into the first page's bundle.
  const groups = user?.app_metadata?.role === 'moderator' ? [...navGroups, moderationGroup] : navGroups;
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-14 items-center border-b border-sidebar-border px-3', compact && 'justify-center px-0')}>
        <Logo compact={compact} />
      </div>
      <nav aria-label="Main" className="flex-1 space-y-5 overflow-y-auto px-2 py-4">
        {groups.map((group) => (
          <div key={group.title}>
            {compact ? (
              <div className="mx-auto mb-2 h-px w-6 bg-sidebar-border" />
            ) : (
              <h2 className="mb-1 px-2.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{group.title}</h2>
            )}
            <ul className="space-y-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Item item={item} compact={compact} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {user ? (
        <WithUsername>
          {(username) => {
            // The e-mail once: under the name when there is one, in its place otherwise.
            const name = displayName(user, username);
            return (
              <Link
                to="/settings"
                onClick={onNavigate}
                className={cn('flex items-center gap-3 border-t border-sidebar-border p-3 hover:bg-sidebar-accent', compact && 'justify-center')}
                data-testid="sidebar-user"
              >
                {compact ? <span className="sr-only">Settings for {name ?? user.email}</span> : null}
                <UserAvatar name={name ?? user.email} src={(user.user_metadata as { avatar_url?: string }).avatar_url} />
                {compact ? null : (
                  <span className="min-w-0 text-sm leading-tight">
                    <span className="block truncate font-medium">{name ?? user.email}</span>
                    {name ? <span className="block truncate text-xs text-muted-foreground">{user.email}</span> : null}
                  </span>
                )}
              </Link>
            );
          }}
        </WithUsername>
      ) : null}
    </div>
  );
}

/** 16rem wide, 3rem collapsed; under 768 px a drawer of 18rem. */
export function Sidebar() {
  const { expanded, isMobile, mobileOpen, setMobileOpen } = useSidebar();
  const contentShown = useAfterContent();
  const location = useLocation();
  React.useEffect(() => setMobileOpen(false), [location.pathname, setMobileOpen]);

  if (isMobile) {
    if (!contentShown && !mobileOpen) return null;
    return (
      <React.Suspense fallback={null}>
        <MobileDrawer open={mobileOpen} onOpenChange={setMobileOpen}>
          <SidebarBody compact={false} onNavigate={() => setMobileOpen(false)} />
        </MobileDrawer>
      </React.Suspense>
    );
  }
  return (
    <aside
      className={cn(
        'sticky top-0 h-screen shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        expanded ? 'w-[16rem]' : 'w-[3rem]',
      )}
      data-state={expanded ? 'expanded' : 'collapsed'}
      data-testid="sidebar"
    >
      <SidebarBody compact={!expanded} />
    </aside>
  );
}
