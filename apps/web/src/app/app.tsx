import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FullPageFallback } from '@/components/errors/full-page-fallback';
import { ThemeProvider } from '@/components/theme';
import { router } from './router';

// Toasts follow an action, never the first paint: their code loads after the page.
const Toaster = lazy(() => import('@/components/ui/toaster'));

export function App() {
  return (
    <ErrorBoundary fallback={(error) => <FullPageFallback error={error} />}>
      <ThemeProvider>
        <AuthProvider>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AuthProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
