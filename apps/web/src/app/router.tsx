import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouteObject, useLocation, useMatches } from 'react-router-dom';
import { PageRendered, useAfterContent } from '@/lib/after-content';
import { useAuth } from '@/lib/auth';
import { aiMocksRoutes } from '@/features/ai-mocks/routes';
import { analyticsRoutes } from '@/features/analytics/routes';
import { communityRoutes } from '@/features/community/routes';
import { interviewsRoutes } from '@/features/interviews/routes';
import { legalRoutes } from '@/features/legal/routes';
import { problemReviewRoutes } from '@/features/problem-review/routes';
import { systemDesignRoutes } from '@/features/system-design/routes';
import { comingSoonRoutes } from '@/features/placeholders/routes';
import { preloadable } from '@/lib/preloadable';
import { authNeededAtStart } from '@/lib/supabase';
import { publicRoute } from '@/lib/public-routes';
// Not lazy: the error screen must show even when loading a page's code is what failed.
import { RouteError } from '@/components/errors/route-error';

const loadLayout = () => import('@/app/shell/layout');
// The signed-in shell (sidebar, header) is not for the login page; with a session to restore, its
// code loads alongside auth-js instead of after it.
// The page opened starts its own code and data then too, instead of after the shell and auth-js.
if (authNeededAtStart()) {
  void loadLayout();
  void import('@/app/route-prefetch').then(({ prefetchPage }) => prefetchPage(window.location.pathname, window.location.search));
}
const AppLayout = lazy(() => loadLayout().then((m) => ({ default: m.AppLayout })));
const LoginPage = preloadable(() => import('@/features/auth/login-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'));
const EmailConfirmedPage = lazy(() => import('@/features/auth/email-confirmed-page'));
const CheckInboxPage = lazy(() => import('@/features/auth/check-inbox-page'));
const LandingPage = lazy(() => import('@/features/landing/landing-page'));
const FeaturesPage = lazy(() => import('@/features/landing/features-page'));
const SettingsPage = lazy(() => import('@/features/settings/settings-page'));
// Ask a SWE routes its own pages (/ask-a-swe, /ask-a-swe/ask, /ask-a-swe/:id).
const AskASwePages = lazy(() => import('@/features/ask-a-swe/pages'));
const UnsubscribePage = lazy(() => import('@/features/settings/unsubscribe-page'));
const NotFoundPage = lazy(() => import('@/components/errors/not-found-page'));
const QueryProvider = lazy(() => import('@/lib/query-provider'));
const Toaster = lazy(() => import('@/components/ui/toaster'));

function FullScreenLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-lg text-muted-foreground">
      Loading...
    </div>
  );
}

/**
 * Every page, and the toasts inside the router: a toast may hold a link (e.g. "Login"), which
 * needs the router around it. Toasts follow an action, never the first paint: their code loads
 * once the page has shown its content (a toast raised before then waits in the toast store).
 */
function Root() {
  const contentShown = useAfterContent();
  return (
    <>
      <Outlet />
      {contentShown ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Signed out (or the session ended), every path leads to the login page, which keeps the way back;
 * but the terms, privacy and contact pages (routes marked public) open in the shell for anyone.
 */
function RequireAuth() {
  const { loading, user } = useAuth();
  const location = useLocation();
  const open = useMatches().some((match) => match.handle === publicRoute);
  if (loading) return <FullScreenLoading />;
  if (!user && !open) return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** Where to go once signed in: back to the page that sent the user here, if it is one of ours. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

function LoginRoute() {
  const { loading, user, newAccount } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoading />;
  // A new account is asked for its mailed code first ("check your inbox"), then goes on.
  if (user && newAccount) return <Navigate to="/check-inbox" replace state={{ from: returnPath(location.state) }} />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <LoginPage initialMode={new URLSearchParams(location.search).get('tab') === 'signup' ? 'signup' : 'signin'} />
    </Suspense>
  );
}

/** Pages that fetch get the data layer with them; the landing page stays light. */
const withQueries = (route: RouteObject): RouteObject => ({ ...route, element: <QueryProvider>{route.element}</QueryProvider> });

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      // Reached signed in or not: a recovery or confirmation link signs in as it lands; a mail's unsubscribe link needs no session.
      ...[
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/email-confirmed', element: <EmailConfirmedPage /> },
        { path: '/review-email/unsubscribe', element: <UnsubscribePage mail="review" /> },
        { path: '/email-notifications/unsubscribe', element: <UnsubscribePage mail="notification" /> },
      ].map((route) => ({
        ...route,
        element: (
          <Suspense fallback={<FullScreenLoading />}>
            {route.element}
            <PageRendered />
          </Suspense>
        ),
      })),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <LandingPage /> },
              { path: 'features', element: <FeaturesPage /> },
              { path: 'check-inbox', element: <CheckInboxPage /> },
              {
                path: 'settings',
                element: (
                  <QueryProvider>
                    <SettingsPage />
                  </QueryProvider>
                ),
              },
              ...[
                ...problemReviewRoutes,
                ...analyticsRoutes,
                ...interviewsRoutes,
                ...aiMocksRoutes,
                ...communityRoutes,
                ...systemDesignRoutes,
                { path: 'ask-a-swe/*', element: <AskASwePages /> },
              ].map(withQueries),
              ...legalRoutes,
              ...comingSoonRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);

/**
 * Before the first render, when index.html's pre-rendered login page is showing (public/first-paint.js):
 * the router goes to /login as RequireAuth would send it, and the page's code is there, so the
 * app's first render is that same page and replaces the pre-rendered one with nothing in between.
 */
export async function startAtLogin(): Promise<void> {
  const { pathname, search, hash } = window.location;
  await LoginPage.preload();
  if (pathname !== '/login') await router.navigate('/login', { replace: true, state: { from: pathname + search + hash } });
}
