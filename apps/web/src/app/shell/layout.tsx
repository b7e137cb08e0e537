import { PanelLeft } from 'lucide-react';
import * as React from 'react';
import { Link, Outlet } from 'react-router-dom';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { displayName, useAuth } from '@/lib/auth';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Sidebar } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';
import { ThemeToggle } from '@/components/theme';

function TopBar() {
  const { toggle, expanded, isMobile, mobileOpen } = useSidebar();
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggle}
        aria-label="Toggle sidebar (Ctrl+B)"
        aria-expanded={isMobile ? mobileOpen : expanded}
        data-testid="sidebar-toggle"
      >
        <PanelLeft aria-hidden />
      </Button>
      <div className="ml-auto flex items-center gap-2">
        <ThemeToggle />
        {user ? (
          <Link to="/settings" className="rounded-full" data-testid="topbar-avatar">
            <span className="sr-only">Profile settings</span>
            <UserAvatar name={displayName(user)} src={(user.user_metadata as { avatar_url?: string }).avatar_url} />
          </Link>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to="/login">Log in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/login?tab=signup">Sign up</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="border-t px-6 py-6 text-sm text-muted-foreground">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Thunderprep. All rights reserved.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms" className="hover:text-foreground">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-foreground">
            Privacy
          </Link>
          <Link to="/contact-form" className="hover:text-foreground">
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}

/** Sidebar, top bar, the page, footer. Pages load lazily behind the six-card placeholder. */
export function AppLayout() {
  return (
    <SidebarProvider>
      <div className="flex min-h-screen">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar />
          <main id="main" className="flex-1 px-4 py-6 sm:px-8">
            <ErrorBoundary>
              <React.Suspense fallback={<PagePlaceholder />}>
                <Outlet />
              </React.Suspense>
            </ErrorBoundary>
          </main>
          <Footer />
        </div>
      </div>
    </SidebarProvider>
  );
}
