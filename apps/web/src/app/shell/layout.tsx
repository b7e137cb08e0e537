import { PanelLeft } from 'lucide-react';
import * as React from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/skeleton';
import { afterContent, PageRendered, useAfterContent } from '@/lib/after-content';
import { displayName, useAuth } from '@/lib/auth';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Sidebar } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';
import { WithUsername } from './username';
import { ThemeToggle } from '@/components/theme';
import { CompanySectionsContext } from '@/components/company-sections';
import { companyQuestionsSection } from '@/features/ask-a-swe/pages';
import EmailConfirmationBanner from '@/features/auth/email-banner';

// After the page's content (lib/after-content.ts), in a slot of its size so nothing moves.
const NotificationsBell = React.lazy(() => import('@/features/notifications/notifications-bell'));
// Stores the browser's time zone for a candidate who has none yet; after the page's content too.
const BrowserTimeZone = React.lazy(() => import('./browser-time-zone'));

function TopBar() {
  const { toggle, expanded, isMobile, mobileOpen } = useSidebar();
  const { user } = useAuth();
  const contentShown = useAfterContent();
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
        {user &&
          (contentShown ? (
            <React.Suspense fallback={<span className="h-9 w-9" />}>
              <NotificationsBell />
            </React.Suspense>
          ) : (
            <span className="h-9 w-9" />
          ))}
        {user && contentShown && (
          <React.Suspense fallback={null}>
            <BrowserTimeZone />
          </React.Suspense>
        )}
        <ThemeToggle />
        {user ? (
          <Link to="/settings" className="rounded-full" data-testid="topbar-avatar">
            <span className="sr-only">Profile settings</span>
            <WithUsername>
              {(username) => <UserAvatar name={displayName(user, username) ?? user.email} src={(user.user_metadata as { avatar_url?: string }).avatar_url} />}
            </WithUsername>
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
        <div className="space-y-1">
          <p>© {new Date().getFullYear()} Thunderprep. All rights reserved.</p>
          {/* The logos in /logos are monograms drawn by apps/web/scripts/make-logos.mjs, no company's artwork. */}
          <p data-testid="logo-credit">
            Company logos are Thunderprep&apos;s own monograms; fallback icons by{' '}
            <a href="https://lucide.dev" target="_blank" rel="noreferrer" className="underline hover:text-foreground">
              Lucide
            </a>
            .
          </p>
        </div>
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

/**
 * The first stop of the Tab key: past the sidebar and top bar straight to the page. Focus moves
 * by script, so the URL keeps no #main and the router sees no navigation.
 */
function SkipToContent() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById('main');
        main?.focus();
        main?.scrollIntoView();
      }}
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}

/** Sidebar, top bar, the page, footer. Pages load lazily behind the six-card placeholder. */
export function AppLayout() {
  const { pathname } = useLocation();
  const signedIn = useAuth().user !== null;
  // The sidebar's pages then open without waiting for their code (route-prefetch.ts).
  React.useEffect(() => {
    if (!signedIn) return undefined;
    return afterContent(() => void import('@/app/route-prefetch').then(({ warmPagesCode }) => warmPagesCode()));
  }, [signedIn]);
  return (
    <SidebarProvider>
      <SkipToContent />
      <div className="flex min-h-screen">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar />
          {/* With the shell, not after it (1.7 KB): arriving later, it pushed the page down under the pointer. */}
          <EmailConfirmationBanner />
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-8">
            {/* One boundary for every page, around the error boundary rather than inside it: a route
                change (a transition) then keeps the page before on screen until the next one is ready,
                instead of a fresh boundary's placeholder, whose content React holds back 300 ms. */}
            <React.Suspense fallback={<PagePlaceholder />}>
              {/* A new path gets a fresh boundary: the sidebar is the way out of a page that failed. */}
              <ErrorBoundary key={pathname}>
                {/* A company's page lists its Ask a SWE questions beside its interview reports. */}
                <CompanySectionsContext.Provider value={companyQuestionsSection}>
                  <Outlet />
                </CompanySectionsContext.Provider>
                <PageRendered />
              </ErrorBoundary>
            </React.Suspense>
          </main>
          <Footer />
        </div>
      </div>
    </SidebarProvider>
  );
}
