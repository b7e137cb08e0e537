import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  createAccount,
  eventually,
  grantModerator,
  launch,
  newPage,
  screenshot,
  seriousA11yViolations,
  signIn,
  signUp,
  stack,
  uniqueEmail,
} from './browser';

jest.setTimeout(180_000);

/** The messages of identity's developer mailbox (the stack has no SMTP) to `email`, soft line breaks undone. */
async function mailboxOf(email: string): Promise<string[]> {
  const files = (await readdir(stack.mailbox).catch(() => [] as string[])).filter((f) => f.includes(email));
  return (await Promise.all(files.map((f) => readFile(path.join(stack.mailbox, f), 'utf8')))).map((b) => b.replace(/=\r?\n/g, '').replace(/\s+/g, ' '));
}

/** How many of them contain `text`. */
const mailsTo = async (email: string, text: string) => (await mailboxOf(email)).filter((b) => b.includes(text)).length;

/** Confirms the address with the code of its confirmation mail: only a confirmed address is mailed updates. */
async function confirm(email: string): Promise<void> {
  let code: string | undefined;
  for (const deadline = Date.now() + 30_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)))
    code = (await mailboxOf(email)).map((b) => b.match(/code: (\d{6})/)?.[1]).find(Boolean);
  const res = await fetch(`${baseUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'email', email, token: code }),
  });
  expect(res.status).toBe(200);
}

async function expectLogoCredit(page: Page): Promise<void> {
  const credit = page.getByTestId('logo-credit');
  await credit.scrollIntoViewIfNeeded();
  expect(await credit.isVisible()).toBe(true);
  expect(await credit.textContent()).toContain("Company logos are Thunderprep's own monograms");
  expect(await credit.getByRole('link', { name: 'Lucide' }).getAttribute('href')).toBe('https://lucide.dev');
}

describe('feature board e-mail updates and the footer credit (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('subscribes at 1280 px, is mailed when a moderator plans the request, unsubscribes at 375 px; the footer credits the logos', async () => {
    const email = uniqueEmail('follower');
    const title = `Mock interviews in Rust ${Date.now().toString(36)}`;

    const desk = await newPage(browser, { width: 1280, height: 800 }, 'light');
    await signUp(desk.page, email, { at: '/contact-form/feature-request' });
    await confirm(email);
    await desk.page.getByLabel('Title').fill(title);
    await desk.page.getByLabel('Message').fill(title);
    await desk.page.getByRole('button', { name: 'Submit' }).click();
    await desk.page.getByText('Contact Form Submitted', { exact: true }).first().waitFor();

    await desk.page.goto('/feature-request');
    const updates = desk.page.getByRole('button', { name: `E-mail me updates on ${title}` });
    await eventually(() => updates.isEnabled(), true, 30_000);
    expect(await updates.getAttribute('aria-pressed')).toBe('false');
    await updates.click();
    await eventually(() => updates.getAttribute('aria-pressed'), 'true', 30_000);
    await desk.page.waitForLoadState('networkidle');
    await desk.page.reload();
    await eventually(() => updates.isEnabled(), true, 30_000);
    expect(await updates.getAttribute('aria-pressed')).toBe('true');
    await expectLogoCredit(desk.page);
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'feature-updates-1280-light');

    // A moderator plans it: the subscriber's inbox gets the news (community → NATS → identity → mail).
    const modEmail = uniqueEmail('updatesmod');
    await createAccount(modEmail);
    grantModerator(modEmail);
    const mod = await newPage(browser);
    await signIn(mod.page, modEmail, { at: '/moderation' });
    await mod.page.getByRole('tab', { name: 'Feature requests' }).click();
    await mod.page.getByLabel(`Status of ${title}`).click();
    await mod.page.getByRole('option', { name: 'Planned' }).click();
    await mod.page.getByText('Status set to Planned', { exact: true }).first().waitFor();
    await mod.context.close();
    await eventually(() => mailsTo(email, `is now planned. See it on the feature board`), 1, 30_000);
    expect(await mailsTo(email, 'You get this e-mail because you follow this feature request')).toBe(1);
    expect(await mailsTo(modEmail, 'is now planned')).toBe(0);

    // The mail's List-Unsubscribe address opened by a person (a GET): redirected to a page that names the kind and asks first; a forged one says so and changes nothing.
    const address = new URL((await mailboxOf(email)).map((b) => b.match(/List-Unsubscribe: <([^>]+)>/)?.[1]).find(Boolean)!);
    const oneClick = `${baseUrl}${address.pathname}${address.search}`;
    // The redirect names the site (SITE_URL); this browser's session and assets are on the gateway's own origin.
    const pageOf = async (url: string) => {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      const { pathname, search } = new URL(res.headers.get('location')!);
      expect(pathname).toBe('/email-notifications/unsubscribe');
      return pathname + search;
    };
    await desk.page.goto(await pageOf(oneClick));
    await desk.page.getByRole('heading', { name: 'Stop e-mails: Status changes of feature requests I follow?' }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'unsubscribe-asks-1280-light');
    const forged = await newPage(browser, { width: 375, height: 800 }, 'dark');
    await forged.page.goto(await pageOf(oneClick.slice(0, -2) + (oneClick.endsWith('AA') ? 'BB' : 'AA')));
    await forged.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await forged.page.getByText('Nothing was changed.').waitFor();
    expect(await forged.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(forged.page)).toEqual([]);
    await screenshot(forged.page, 'unsubscribe-forged-375-dark');
    await forged.context.close();
    await desk.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await desk.page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    await desk.page.getByText('You will no longer get these e-mails: Status changes of feature requests I follow.').waitFor();

    const phone = await newPage(browser, { width: 375, height: 800 }, 'dark');
    await signIn(phone.page, email, { at: '/feature-request' });
    const onPhone = phone.page.getByRole('button', { name: `E-mail me updates on ${title}` });
    await eventually(() => onPhone.isEnabled(), true, 30_000);
    expect(await onPhone.getAttribute('aria-pressed')).toBe('true');
    await onPhone.click();
    await eventually(() => onPhone.getAttribute('aria-pressed'), 'false', 30_000);
    await phone.page.waitForLoadState('networkidle');
    await phone.page.reload();
    await eventually(() => onPhone.isEnabled(), true, 30_000);
    expect(await onPhone.getAttribute('aria-pressed')).toBe('false');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectLogoCredit(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'feature-updates-375-dark');
    for (const c of [desk, phone]) await c.context.close();
  });
});
