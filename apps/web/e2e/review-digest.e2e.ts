import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser } from 'playwright-core';
import { api, baseUrl, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signUp, stack, uniqueEmail } from './browser';

/** The newest mail to `email` whose text matches `pattern` (quoted-printable soft breaks and '=3D' undone), as it lands in the developer mailbox. */
async function mailed(email: string, pattern: RegExp): Promise<RegExpMatchArray> {
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 200))) {
    const files = readdirSync(stack.mailbox)
      .filter((f) => f.includes(email))
      .sort()
      .reverse();
    for (const file of files) {
      const text = readFileSync(path.join(stack.mailbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const match = text.match(pattern);
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern}`);
  }
}

const reviewEmail = async (token: string) => ((await api(token, 'GET', '/api/leetcode-questions/review-email')) as { enabled: boolean }).enabled;

describe('daily review e-mail (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('Settings has a "Daily review e-mail" switch, on by default, kept after a reload (1280 and 375 px, axe)', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('digest-switch'), { at: '/settings' });
    const toggle = page.getByRole('switch', { name: 'Daily review e-mail' });
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-review-email-on');
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"]:not([disabled])')?.getAttribute('aria-checked') === 'false');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[role="switch"]:not([disabled])')?.getAttribute('aria-checked') === 'false');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-review-email-off-phone');
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"]:not([disabled])')?.getAttribute('aria-checked') === 'true');
    await context.close();
  });

  it("the mail's link asks before unsubscribing, without a session: opening it changes nothing, the button does; a forged link says so (1280 and 375 px, axe)", async () => {
    const { email, token } = await signedUpToken('digest-link');
    const [, code] = await mailed(email, /code: (\d{6})/);
    const verified = await fetch(`${baseUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'email', email, token: code }),
    });
    expect(verified.status).toBe(200);
    // A problem to review today: practice's job (every second in this stack) prepares the digest, identity mails it.
    await api(token, 'POST', '/api/leetcode-questions', { title: 'Two Sum', difficulty: 'Easy' });
    const [link] = await mailed(email, /http\S+\/review-email\/unsubscribe\?token=[\w-]{64}/);
    const { pathname, search } = new URL(link);

    const { context, page } = await newPage(browser);
    await page.goto(pathname + search);
    await page.getByRole('heading', { name: 'Stop the daily review e-mail?' }).waitFor();
    expect(await reviewEmail(token)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-email-unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    expect(await reviewEmail(token)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-email-unsubscribed');
    await context.close();

    const phone = await newPage(browser, { width: 375, height: 812 });
    const forged = `${search.slice(0, -4)}AAAA`;
    await phone.page.goto(pathname + forged);
    await phone.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await phone.page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid. Turn the e-mail off in Settings instead.' }).waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'review-email-unsubscribe-forged-phone');
    await phone.context.close();
  });
});
