import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { api, launch, newPage, screenshot, seriousA11yViolations, signUp, stack, tokenOf, uniqueEmail } from './browser';

/** The confirmation link identity mailed to `email`, as the operator reads it: `npm run admin -- mailbox <email>`. */
function mailedLink(email: string): string {
  const { mailbox } = stack;
  const root = path.resolve(__dirname, '../../..');
  const listed = spawnSync(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'mailbox', email], {
    env: { ...process.env, MAILBOX_DIR: mailbox },
    encoding: 'utf8',
  });
  const link = listed.stdout.match(/link: (\S+)/)?.[1];
  if (!link) throw new Error(`no confirmation mail to ${email}: ${listed.stdout}${listed.stderr}`);
  return link;
}

/**
 * Waits until `read` answers `expected`: the page stores it after its own requests, more slowly on a
 * busy machine (30 s at most; then the assertion shows what it last answered, or its error).
 */
async function settlesTo<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (const deadline = Date.now() + 30_000; ;) {
    const value = await read().catch((err: Error) => err.message);
    if (value === expected) return;
    if (Date.now() > deadline) expect(value).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('profile settings (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  const openEditor = async (page: Page) => {
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
  };

  it('edits, saves and shows the saved values after a reload', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('grace');
    await signUp(page, email);
    await openEditor(page);
    expect(await page.getByTestId('profile-username').textContent()).toMatch(/^member-[0-9a-f]{8}$/);
    expect(await page.getByText('Undisclosed').count()).toBeGreaterThanOrEqual(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const username = `grace${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Current Company').click();
    await page.getByRole('option', { name: 'Google' }).click();
    await page.getByLabel('Years of Experience').fill('4');
    await page.getByLabel('Number of Internships').fill('2');
    await page.getByLabel('Location').fill('Lisbon, Portugal');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor({ state: 'detached' });
    await screenshot(page, 'settings-saved');
    await page.reload();
    await page.getByTestId('profile-username').filter({ hasText: username }).waitFor();
    await page.getByText('Lisbon, Portugal').first().waitFor();
    expect(await page.getByLabel('Years of Experience').inputValue()).toBe('4');
    expect(await page.getByLabel('Number of Internships').inputValue()).toBe('2');
    expect(await page.getByLabel('Current Company').textContent()).toContain('Google');
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('shows each profile validation message and Cancel resets', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 }, 'dark');
    await signUp(page, uniqueEmail('checks'));
    await openEditor(page);
    const original = await page.getByLabel('Username').inputValue();
    const cases: Array<[string, string, string]> = [
      ['Username', 'a', 'Username must be at least 2 characters.'],
      ['Username', 'x'.repeat(31), 'Username must not be longer than 30 characters.'],
      ['Years of Experience', '-1', 'Years of experience must be 0 or more'],
      ['Years of Experience', '41', 'Years of experience must not exceed 40'],
      ['Number of Internships', '-1', 'Number of internships must be 0 or more'],
      ['Number of Internships', '11', 'Number of internships must not exceed 10'],
    ];
    for (const [label, value, message] of cases) {
      await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(message).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Edit' }).click();
    }
    await page.getByLabel('Username').fill('somebody-else');
    await page.getByLabel('Location').fill('Nowhere');
    await screenshot(page, 'settings-editing-dark');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Username').inputValue()).toBe(original);
    expect(await page.getByLabel('Location').inputValue()).toBe('');
    expect(await page.getByLabel('Username').isDisabled()).toBe(true);
    await context.close();
  });

  it('tells the user when a username is taken', async () => {
    const first = await newPage(browser);
    await signUp(first.page, uniqueEmail('taken'));
    await openEditor(first.page);
    const name = `taken${Date.now().toString(36)}`;
    await first.page.getByLabel('Username').fill(name);
    await first.page.getByRole('button', { name: 'Save Changes' }).click();
    await first.page.getByText('Profile updated', { exact: true }).waitFor();
    await first.context.close();

    const second = await newPage(browser, { width: 375, height: 812 });
    await signUp(second.page, uniqueEmail('second'));
    await openEditor(second.page);
    await second.page.getByLabel('Username').fill(name.toUpperCase());
    await second.page.getByRole('button', { name: 'Save Changes' }).click();
    await second.page.getByText('Username is already taken').waitFor();
    await second.page.getByText('Failed to update profile. Please try again.', { exact: true }).waitFor();
    await screenshot(second.page, 'settings-phone-taken');
    await second.context.close();
  });

  it('shows an unconfirmed e-mail, and the Verified badge once the mailed link is opened, without saving again', async () => {
    const { context, page } = await newPage(browser);
    const email = `ada.${Date.now().toString(36)}@stripe.com`;
    await signUp(page, email);
    await openEditor(page);
    await page.getByTestId('email-unconfirmed').waitFor();
    await page.getByLabel('Current Company').click();
    await page.getByRole('option', { name: 'Stripe' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-unconfirmed');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'settings-unconfirmed-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The link signs the owner in on the site (its origin is the public URL the mail names).
    await page.goto(mailedLink(email));
    await page.waitForFunction(() => !location.hash && localStorage.getItem('auth_session') !== null);
    // The confirmation (identity.user.confirmed) re-checks the badge: the profile says Verified without being saved again.
    await settlesTo(async () => {
      await page.goto(new URL('/settings', page.url()).toString());
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      await page.getByText('Stripe').first().waitFor();
      return page.getByText('Verified', { exact: true }).count();
    }, 1);
    expect(await page.getByTestId('email-unconfirmed').count()).toBe(0);
    await screenshot(page, 'settings-confirmed');
    await context.close();
  });

  describe('time zone', () => {
    const storedZone = async (email: string) =>
      ((await api(await tokenOf(email), 'GET', '/api/leetcode-questions/time-zone')) as { time_zone: string | null }).time_zone;

    it.each([
      [{ width: 1280, height: 800 }, 'light', 'Europe/Berlin', 'Tokyo', 'Asia/Tokyo'],
      [{ width: 375, height: 812 }, 'dark', 'America/Sao_Paulo', 'new york', 'America/New_York'],
    ] as const)(
      "at %o (%s): the browser's zone by default, stored without asking; a changed one is kept",
      async (viewport, scheme, browserZone, search, chosen) => {
        const { context, page } = await newPage(browser, viewport, scheme);
        // The browser runs in a zone that is not the machine's, so the default shown is the browser's, not the server's.
        await (await context.newCDPSession(page)).send('Emulation.setTimezoneOverride', { timezoneId: browserZone });
        const email = uniqueEmail('zone');
        await signUp(page, email);
        // Signing in is enough: the shell stores the browser's zone for an account without one.
        await settlesTo(() => storedZone(email), browserZone);

        await page.goto('/settings');
        const zone = page.getByRole('combobox', { name: 'Time zone' });
        await zone.filter({ hasText: browserZone.replace(/_/g, ' ') }).waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `settings-time-zone-${viewport.width}-${scheme}`);

        await zone.click();
        await page.getByRole('combobox', { name: 'Search time zones' }).fill(search);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `settings-time-zone-search-${viewport.width}-${scheme}`);
        await page.getByRole('option', { name: new RegExp(`^${chosen.replace(/_/g, ' ')}`) }).click();
        await page.getByText('Time zone saved', { exact: true }).waitFor();
        expect(await storedZone(email)).toBe(chosen);

        await page.reload();
        await zone.filter({ hasText: chosen.replace(/_/g, ' ') }).waitFor();
        // The browser's zone is not stored over the candidate's choice on a later visit.
        expect(await storedZone(email)).toBe(chosen);
        await context.close();
      },
      120_000,
    );
  });
});
