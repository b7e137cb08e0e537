import { Browser } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

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
    await signUp(page, email);
    expect(new URL(page.url()).pathname).toBe('/');
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
    await page.waitForTimeout(300);
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
    await signUp(page, uniqueEmail('phone'));
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
    await signUp(page, uniqueEmail('lost'));
    await page.goto('/features');
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
