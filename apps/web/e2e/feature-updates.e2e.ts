import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { createAccount, eventually, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signIn, signUp, stack, uniqueEmail } from './browser';

jest.setTimeout(180_000);

/** How many messages of identity's developer mailbox (the stack has no SMTP) go to `email` and contain `text`. */
async function mailsTo(email: string, text: string): Promise<number> {
  const files = (await readdir(stack.mailbox).catch(() => [] as string[])).filter((f) => f.includes(email));
  const bodies = await Promise.all(files.map((f) => readFile(path.join(stack.mailbox, f), 'utf8')));
  return bodies.filter((b) => b.replace(/=\r?\n/g, '').includes(text)).length;
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
    await eventually(() => mailsTo(email, `you follow is now planned`), 1, 30_000);
    expect(await mailsTo(modEmail, 'you follow is now')).toBe(0);

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
