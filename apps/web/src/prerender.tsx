import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ThemeProvider } from '@/components/theme';
import LoginPage from '@/features/auth/login-page';
import { AuthProvider } from '@/lib/auth';

/**
 * The login page as a signed-out visitor's first paint shows it, rendered at build time into
 * index.html (scripts/prerender.mjs): that paint needs the HTML and the stylesheet only, not the
 * app's script. The same providers as the app, in the state of a first visit.
 */
export function renderLoginPage(): string {
  return renderToString(
    <ThemeProvider>
      <AuthProvider>
        <StaticRouter location="/login">
          <LoginPage />
        </StaticRouter>
      </AuthProvider>
    </ThemeProvider>,
  );
}
