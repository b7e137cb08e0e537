import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser } from 'playwright-core';
import { api, baseUrl, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signUp, stack, tokenOf, uniqueEmail } from './browser';

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

describe('e-mail settings and the daily review e-mail (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('Problem Review offers the daily e-mail once problems are in; Settings shows each kind in the bell and by e-mail, defaults as promised, each kept after a reload (1280 and 375 px, axe)', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('email-settings');
    await signUp(page, email, { at: '/leetcode' });
    const token = await tokenOf(email);
    await api(token, 'POST', '/api/leetcode-questions', { title: 'Two Sum', difficulty: 'Easy' });
    await page.reload();
    const offer = page.getByRole('region', { name: 'Get a daily e-mail of your reviews?' });
    await offer.waitFor();
    expect(await reviewEmail(token)).toBe(false);
    await screenshot(page, 'problem-review-email-offer');
    await offer.getByRole('button', { name: 'E-mail me' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await reviewEmail(token)).toBe(true);

    await page.goto('/settings#email');
    const voted = 'Status changes of feature requests I voted on';
    const kinds = [
      voted,
      'Status changes of feature requests I follow',
      'New comments on feature requests I wrote or commented on',
      'My submissions turned down by a moderator',
    ];
    const askDigest = 'A weekly digest of unread Ask a SWE updates';
    const switches = [...kinds.map((k) => `${k} in the bell`), ...kinds.map((k) => `${k} by e-mail`), askDigest];
    // Every kind on but comments by e-mail, off until chosen (a busy thread would fill an inbox).
    const offByDefault = `${kinds[2]} by e-mail`;
    const checked = async (name: string) => (await page.getByRole('switch', { name, exact: true }).getAttribute('aria-checked')) === 'true';
    const settled = () => page.waitForFunction((n) => document.querySelectorAll('[role="switch"]:not([disabled])').length === n, switches.length + 1);
    await settled();
    expect(await checked('Daily review e-mail')).toBe(true);
    for (const name of switches) expect(await checked(name)).toBe(name !== offByDefault);
    await page.getByRole('note').filter({ hasText: 'No e-mail is sent until your address is confirmed' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-email');
    // One channel of one kind off: the other channel and the other kinds stay on, after a reload too.
    for (const name of [`${voted} by e-mail`, `${kinds[2]} in the bell`, askDigest]) {
      await page.getByRole('switch', { name, exact: true }).click();
      // Saved: the switch is off and usable again (it waits, disabled, while its call is out).
      await page.waitForFunction(
        (label) => document.querySelector(`[role="switch"][aria-label="${label}"]:not([disabled])`)?.getAttribute('aria-checked') === 'false',
        name,
      );
    }
    await page.reload();
    await settled();
    expect(await checked(`${voted} by e-mail`)).toBe(false);
    expect(await checked(`${voted} in the bell`)).toBe(true);
    expect(await checked(`${kinds[2]} in the bell`)).toBe(false);
    expect(await checked(`${kinds[1]} by e-mail`)).toBe(true);
    expect(await checked(askDigest)).toBe(false);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-email-phone');
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
    // Turned on, and a problem to review today: practice's job (every second in this stack) prepares the digest, identity mails it.
    await api(token, 'PUT', '/api/leetcode-questions/review-email', { enabled: true });
    await api(token, 'POST', '/api/leetcode-questions', { title: 'Two Sum', difficulty: 'Easy' });
    // The page's link, in the text (List-Unsubscribe names the one-click address for mail clients).
    const [, link] = await mailed(email, /To stop it, open (http\S+\/review-email\/unsubscribe\?token=[\w-]+)/);
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
