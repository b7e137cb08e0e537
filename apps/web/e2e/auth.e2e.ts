import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, seriousA11yViolations, signUp, signUpThroughForm, stack, uniqueEmail } from './browser';

const root = path.resolve(__dirname, '../../..');

describe('signing in and out (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('sends a signed-out visitor from any path to the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByRole('button', { name: /Continue with/ }).isDisabled()).toBe(true);
    await page.getByText('No sign-in provider is configured').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login-desktop');
    await context.close();
  });

  it('shows every validation message of the login form under its field', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill('not-an-email');
    await panel.getByLabel('Password').fill('abc');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await panel.getByText('Invalid email address').waitFor();
    await panel.getByText('Password must be at least 6 characters').waitFor();
    await panel.getByLabel('Password').fill('abcdefgh');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await panel.getByText('Password must contain at least one letter and one digit').waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await screenshot(page, 'login-validation');
    await context.close();
  });

  it('signs up, signs out, refuses a wrong password, signs in again', async () => {
    const email = uniqueEmail('flow');
    const { context, page } = await newPage(browser);
    await signUpThroughForm(page, email);
    await page.getByTestId('topbar-avatar').waitFor();
    // A new account is asked for the mailed code first; it may skip it.
    expect(new URL(page.url()).pathname).toBe('/check-inbox');
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Never fail an interview again' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_session'))).toContain('access_token');
    await screenshot(page, 'landing-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_session'))).toBeNull();

    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('wrong123');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await panel.getByText('Invalid login credentials').waitFor();

    await panel.getByLabel('Password').fill('secret123');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('topbar-avatar').waitFor();
    await context.close();
  });

  it('collapses the sidebar with Ctrl+B and remembers it in the cookie across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('sidebar'));
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    expect((await sidebar.boundingBox())!.width).toBe(256);
    await page.getByRole('link', { name: /Leetcode Tracker/ }).waitFor();
    await page.locator('[aria-disabled="true"]', { hasText: 'Implement-a-thon' }).waitFor();
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]')?.getAttribute('data-state') === 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    expect(Math.round(cookie!.expires - Date.now() / 1000)).toBeGreaterThan(604_700);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-state')).toBe('collapsed');
    // The collapse animates: measure once its transitions have ended.
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    expect((await page.getByTestId('sidebar').boundingBox())!.width).toBe(48);
    await screenshot(page, 'sidebar-collapsed');
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('theme'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
    await page.reload();
    await page.getByTestId('topbar-avatar').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'landing-dark');
    await context.close();
  });

  it('opens the sidebar as a drawer on a 375 px phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await signUp(page, uniqueEmail('phone'), { at: '/' });
    await page.getByRole('heading', { name: 'Never fail an interview again' }).waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await screenshot(page, 'landing-phone');
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByTestId('sidebar-drawer');
    await drawer.waitFor();
    expect((await drawer.boundingBox())!.width).toBe(288);
    await screenshot(page, 'drawer-phone');
    await drawer.getByRole('link', { name: /Contact Us/ }).click();
    await page.waitForURL('**/contact-form');
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the 404 page and goes back', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('lost'), { at: '/features' });
    await page.getByRole('heading', { name: 'Features' }).waitFor();
    await page.goto('/no/such/path');
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.getByText('Thunder has struck this path.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/features');
    await context.close();
  });
});

/** The newest confirmation mail to `email`, as the operator reads it: `npm run admin -- mailbox <email>`. */
function mailed(email: string): { link: string; code: string } {
  const listed = spawnSync(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'mailbox', email], {
    env: { ...process.env, MAILBOX_DIR: stack.mailbox },
    encoding: 'utf8',
  });
  const link = listed.stdout.match(/link: (\S+)/)?.[1];
  const code = listed.stdout.match(/code: (\d{6})/)?.[1];
  if (!link || !code) throw new Error(`no confirmation mail to ${email}: ${listed.stdout}${listed.stderr}`);
  return { link, code };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A project with Supabase's "Confirm email" on: sign-up answers no session. The stack's identity
 * signs in at once, so a second identity process with EMAIL_CONFIRMATION_REQUIRED serves this
 * browser's /auth/v1 calls, over the stack's own accounts, keys, outbox and mailbox: its sessions
 * are the stack's, and the gateway and services accept them.
 */
describe('sign-up that waits for a confirmed e-mail (Chromium)', () => {
  let browser: Browser;
  let identity: ChildProcess;
  let identityUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    identityUrl = `http://127.0.0.1:${port}`;
    const databaseUrl = new URL(stack.adminUrl);
    databaseUrl.pathname = `/${stack.database}`;
    identity = spawn(process.execPath, [path.join(root, 'services/identity/dist/main.js')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_SCHEMA: 'identity',
        NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
        EVENT_BUS: 'nats',
        EVENT_SUBJECT_PREFIX: stack.database,
        // The issuer the stack's tokens carry (the launcher's default public URL).
        AUTH_ISSUER: `http://localhost:${new URL(baseUrl).port}/auth/v1`,
        MAILBOX_DIR: stack.mailbox,
        EMAIL_CONFIRMATION_REQUIRED: 'true',
        SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
        LOG_LEVEL: 'error',
        STOP_WITH_PARENT: '1',
      },
    });
    for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const up = await fetch(`${identityUrl}/auth/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (identity.exitCode !== null || Date.now() > deadline) throw new Error('the confirming identity did not start');
    }
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
    identity.kill('SIGTERM');
  });

  /** The page's calls to /auth/v1 go to the confirming identity; everything else to the stack. */
  const confirmingAuth = (context: BrowserContext) =>
    context.route(`${baseUrl}/auth/v1/**`, (route) => route.continue({ url: route.request().url().replace(baseUrl, identityUrl) }));

  it('signs up to "Check your e-mail", sends the mail again, and signs in with the mailed code', async () => {
    const email = uniqueEmail('confirm');
    const { context, page } = await newPage(browser);
    await confirmingAuth(context);
    // A Supabase project's API gateway refuses calls without the project's key, settings included.
    const settings = page.waitForRequest('**/auth/v1/settings');
    await page.goto('/login?tab=signup');
    expect((await settings).headers()).toMatchObject({ apikey: 'local-identity', authorization: 'Bearer local-identity' });
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('secret123');
    await panel.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    expect(await page.title()).toContain('Check your e-mail');
    expect(await page.evaluate(() => localStorage.getItem('auth_session'))).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'check-email');
    const first = mailed(email);

    await page.getByRole('button', { name: 'Send the e-mail again' }).click();
    await page.getByText(`Sent again to ${email}.`).waitFor();
    const second = mailed(email);
    expect(second.code).not.toBe(first.code);

    await page.getByLabel('Confirmation code').fill('12');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Enter the code from the e-mail (6 digits)').waitFor();
    // Only the newest mail's code works.
    await page.getByLabel('Confirmation code').fill(first.code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').filter({ hasText: 'Token has expired or is invalid' }).waitFor();
    await page.getByLabel('Confirmation code').fill(second.code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('topbar-avatar').waitFor();

    // Confirmed: the settings page has nothing to ask for.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByTestId('email-unconfirmed').count()).toBe(0);
    await context.close();
  });

  it('answers a sign-in before confirming with "Check your e-mail", and the mailed link signs in', async () => {
    const email = uniqueEmail('confirm-link');
    const signedUp = await fetch(`${identityUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(signedUp.status).toBe(200);
    expect(await signedUp.json()).not.toHaveProperty('access_token');

    const { context, page } = await newPage(browser);
    await confirmingAuth(context);
    await page.goto('/login');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('secret123');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const { link } = mailed(email);
    await page.goto(link);
    await page.getByTestId('topbar-avatar').waitFor();
    await context.close();

    // Used once: opened again, it says why nobody is signed in.
    const again = await newPage(browser);
    await again.page.goto(link);
    await again.page
      .getByRole('alert')
      .filter({ hasText: 'The link did not sign you in: Email link is invalid or has expired. Sign in to get a new one.' })
      .waitFor();
    await again.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await again.context.close();
  });
});
