import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ErrorBoundary } from '@/features/errors/error-boundary';
import { FullPageFallback } from '@/features/errors/full-page-fallback';
import { ThemeProvider } from '@/features/shell/theme';
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
