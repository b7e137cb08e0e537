import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FullPageFallback } from '@/components/errors/full-page-fallback';
import { ThemeProvider } from '@/components/theme';
import { router } from './router';

export function App() {
  return (
    <ErrorBoundary fallback={(error) => <FullPageFallback error={error} />}>
      <ThemeProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
