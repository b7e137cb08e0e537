import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { baseUrl, launch, screenshot, seriousA11yViolations, signInThroughForm, signUpThroughForm, stack, uniqueEmail } from './browser';

const root = path.resolve(__dirname, '../../..');
/**
 * The app as its configured public URL names it: the launcher's default is http://localhost:<port>,
 * and mailed links lead there (identity never builds them from a request's Host).
 */
const publicUrl = () => `http://localhost:${new URL(baseUrl).port}`;
const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };

/** The newest mail to `email` whose subject is `subject`, as the operator reads it: `npm run admin -- mailbox <email>`. */
function mailed(email: string, subject: string): { link: string; code: string } {
  const listed = spawnSync(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'mailbox', email], {
    env: { ...process.env, MAILBOX_DIR: stack.mailbox },
    encoding: 'utf8',
  });
  // Newest first: a header line, then its link and code.
  const block = listed.stdout.split(/\n(?=\S)/).find((b) => b.split('\n')[0].endsWith(subject));
  const link = block?.match(/link: (\S+)/)?.[1];
  const code = block?.match(/code: (\d{6})/)?.[1];
  if (!link || !code) throw new Error(`no "${subject}" mail to ${email}: ${listed.stdout}${listed.stderr}`);
  return { link, code };
}

async function waitForMail(email: string, subject: string) {
  for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
    try {
      return mailed(email, subject);
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

const expectNoA11yViolations = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);

async function open(browser: Browser, viewport: { width: number; height: number }) {
  // bypassCSP: axe-core is injected as an inline script.
  const context = await browser.newContext({ baseURL: publicUrl(), viewport, bypassCSP: true });
  return { context, page: await context.newPage() };
}

describe('password recovery and e-mail confirmation (Chromium, issue 22)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('recovers a password with the mailed code: "Forgot password?", the code, a new password, signed in; other sessions end (%s)', async (name, viewport) => {
    const email = uniqueEmail(`forgot-${name}`);
    const other = await open(browser, viewport);
    await signUpThroughForm(other.page, email, 'secret123');

    const { context, page } = await open(browser, viewport);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Invalid email address').waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `forgot-password-${name}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(`If ${email} has an account`).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `forgot-password-code-${name}`);

    const { code } = await waitForMail(email, 'Reset your password');
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('n3w pass!');
    await page.getByLabel('Confirm new password').fill('n3w pass?');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `reset-password-${name}`);
    await page.getByLabel('Confirm new password').fill('n3w pass!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('topbar-avatar').waitFor();

    // The other browser's session ended with the new password.
    await other.page.reload();
    await other.page.getByText('Your session ended.').waitFor();
    await other.context.close();
    const signIn = await open(browser, viewport);
    await signInThroughForm(signIn.page, email, 'secret123');
    await signIn.page.getByText('Invalid login credentials').waitFor();
    await signInThroughForm(signIn.page, email, 'n3w pass!');
    await signIn.page.getByTestId('topbar-avatar').waitFor();
    await signIn.context.close();
    await context.close();
  });

  it('recovers by the mailed link, which lands on "Set a new password"; used again, it says so (375 px)', async () => {
    const email = uniqueEmail('forgot-link');
    const signUp = await open(browser, phone);
    await signUpThroughForm(signUp.page, email, 'secret123');
    await signUp.context.close();

    const { context, page } = await open(browser, phone);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const { link } = await waitForMail(email, 'Reset your password');
    expect(link.startsWith(`${publicUrl()}/auth/v1/verify?`)).toBe(true);
    await page.goto(link);
    // supabase-js takes the session from the fragment and leaves an empty one.
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByText(`For ${email}.`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Tr0ub4dor & 3');
    await page.getByLabel('Confirm new password').fill('Tr0ub4dor & 3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('topbar-avatar').waitFor();
    await context.close();

    const again = await open(browser, phone);
    await again.page.goto(link);
    await again.page.getByText('The link did not work: Email link is invalid or has expired.').waitFor();
    await again.page.getByRole('link', { name: 'Send a new reset link' }).waitFor();
    await expectNoA11yViolations(again.page);
    await screenshot(again.page, 'reset-password-link-used-phone');
    await again.context.close();
  });

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('after sign-up asks for the 6-digit code, holds "Send again" for the Retry-After, and confirms (%s)', async (name, viewport) => {
    const email = uniqueEmail(`inbox-${name}`);
    const { context, page } = await open(browser, viewport);
    // A password with symbols and spaces is welcome (issue 22 item 4).
    await signUpThroughForm(page, email, 'c0rrect horse!');
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `check-inbox-${name}`);

    await page.getByRole('button', { name: 'Send the e-mail again' }).click();
    await page.getByText(`Sent again to ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Send the e-mail again' }).click();
    // Refused for now: the button counts down the seconds the server asked for.
    await page.getByRole('button', { name: /^Send the e-mail again in \d+ s$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Send the e-mail again in/ }).isDisabled()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'you can only request this after' }).waitFor();

    const { code } = await waitForMail(email, 'Confirm your e-mail address');
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Never fail an interview again' }).waitFor();
    expect(await page.getByTestId('email-banner').count()).toBe(0);
    await context.close();
  });

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ])('shows a banner until the e-mail is confirmed; the mailed link lands on "E-mail confirmed" (%s)', async (name, viewport) => {
    const email = uniqueEmail(`banner-${name}`);
    const { context, page } = await open(browser, viewport);
    await signUpThroughForm(page, email, 'secret123');
    await page.getByRole('link', { name: 'Skip for now' }).click();
    const banner = page.getByTestId('email-banner');
    await banner.getByText(`we sent a link and a code to ${email}`).waitFor();
    await page.goto('/leetcode');
    await banner.waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `email-banner-${name}`);
    await banner.getByRole('button', { name: 'Send the e-mail again' }).click();
    await banner.getByText(`Sent again to ${email}.`).waitFor();
    await banner.getByRole('link', { name: 'Enter the code' }).click();
    await page.waitForURL('**/check-inbox');
    // The address changes before the page's lazily loaded screen replaces the one with the banner:
    // the banner must go, not be gone at that very moment (CI failed on an immediate count).
    await banner.waitFor({ state: 'detached' });

    const { link } = await waitForMail(email, 'Confirm your e-mail address');
    expect(link.startsWith(`${publicUrl()}/auth/v1/verify?`)).toBe(true);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/email-confirmed');
    await page.getByRole('heading', { name: 'E-mail confirmed' }).waitFor();
    await page.getByText(`${email} is confirmed.`).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `email-confirmed-${name}`);
    await page.getByRole('link', { name: 'Continue to Thunderprep' }).click();
    await page.getByRole('heading', { name: 'Never fail an interview again' }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
