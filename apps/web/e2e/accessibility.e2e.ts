import { Browser, BrowserContext, Page } from 'playwright-core';
import { navGroups, moderationGroup } from '../src/lib/nav';
import { createAccount, grantModerator, launch, newPage, seriousA11yViolations, signIn, uniqueEmail } from './browser';

jest.setTimeout(180_000);

/** Every screen a signed-in moderator reaches: the sidebar, a company, settings, moderation. */
const signedInScreens = [...navGroups, moderationGroup].flatMap((g) => g.items.map((i) => i.to)).concat('/candidate-interviews/google', '/settings');
const signedOutScreens = ['/', '/login', '/login?tab=signup'];

/** Waits for the page's heading and for its data to arrive (no loading indicator left). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"]') && !/^Loading/.test(document.querySelector('[role="status"]')?.textContent ?? ''),
    null,
    { timeout: 30_000 },
  );
}

/**
 * Switches to one layout without reloading: the viewport, the system's colour scheme (what
 * /api/docs follows live) and the app's theme class (what its ThemeProvider sets), then waits
 * for colour transitions to end so axe measures the colours the user ends up seeing.
 */
async function showLayout(page: Page, width: number, scheme: 'light' | 'dark'): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((s) => {
    const html = document.documentElement;
    if (html.classList.contains('light') || html.classList.contains('dark')) {
      html.classList.remove('light', 'dark');
      html.classList.add(s);
    }
  }, scheme);
  // /api/docs follows the system through a 'change' listener, which runs after emulateMedia returns:
  // wait until its theme has followed, or the transitions below have not started yet.
  await page.waitForFunction(
    (dark) => !document.getElementById('swagger-ui') || document.documentElement.classList.contains('dark-mode') === dark,
    scheme === 'dark',
    { timeout: 10_000 },
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, {
    timeout: 10_000,
  });
}

/** axe on what the page shows, in each of the four layouts, named by where so a failure says which screen. */
async function expectNoSeriousFindings(page: Page, where: string): Promise<void> {
  for (const width of [1280, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      await showLayout(page, width, scheme);
      const at = `${where} at ${width} px, ${scheme}`;
      expect({ at, findings: await seriousA11yViolations(page) }).toEqual({ at, findings: [] });
    }
  }
  // The next page load starts wide, as a user's first visit would.
  await showLayout(page, 1280, 'light');
}

describe('accessibility: no serious or critical axe finding on any screen, at 1280 and 375 px, light and dark (Chromium)', () => {
  // One browser for every check; its fake microphone serves the live transcript's call.
  let browser: Browser;
  let signedIn: { context: BrowserContext; page: Page };
  const moderator = uniqueEmail('a11y-moderator');
  beforeAll(async () => {
    browser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
    await createAccount(moderator);
    grantModerator(moderator);
    // A new session carries the moderator role.
    signedIn = await newPage(browser);
    await signIn(signedIn.page, moderator);
  });
  afterAll(() => browser.close());

  it('signed-out screens', async () => {
    const { context, page } = await newPage(browser);
    for (const screen of signedOutScreens) {
      await page.goto(screen);
      await settled(page);
      await expectNoSeriousFindings(page, screen);
    }
    await context.close();
  });

  it("every moderator's screen, with the interview filter popover open", async () => {
    const { page } = signedIn;
    for (const screen of signedInScreens) {
      await page.goto(screen);
      await settled(page);
      await expectNoSeriousFindings(page, screen);
    }

    await page.goto('/candidate-interviews');
    await settled(page);
    await page.getByTestId('filter-button').click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('option').first().waitFor();
    await expectNoSeriousFindings(page, 'the interview filter popover');
    expect(await filters.isVisible()).toBe(true);
  });

  it('/api/docs with an operation open, dark when the system is', async () => {
    const { page } = signedIn;
    await page.goto('/api/docs/');
    // Following the system: no theme chosen in the app (the next test checks a chosen one).
    await page.evaluate(() => localStorage.removeItem('vite-ui-theme'));
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      // The page takes the system's scheme in a script that runs after load: wait for it, then check.
      const followed = await page
        .waitForFunction((dark) => document.documentElement.classList.contains('dark-mode') === dark, scheme === 'dark', { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      expect(followed).toBe(true);
    }
    // An operation opened, so its parameters, media-type select and responses are checked too.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();
    await expectNoSeriousFindings(page, '/api/docs');
  });

  it("follows the app's own theme on /api/docs when it differs from the system's", async () => {
    const { page } = signedIn;
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    try {
      await page.goto('/api/docs/');
      await page.locator('.opblock-summary').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');
      const findings = await seriousA11yViolations(page);
      expect({ at: '/api/docs (dark by the app theme)', findings }).toEqual({ at: '/api/docs (dark by the app theme)', findings: [] });
    } finally {
      await page.evaluate(() => localStorage.removeItem('vite-ui-theme'));
    }
  });

  it('reaches the live transcript box by keyboard during a call', async () => {
    const { page } = signedIn;
    await page.goto('/ai-mocks');
    await page.getByRole('button', { name: 'Start Interview' }).click();
    const transcript = page.getByRole('region', { name: 'Live transcript' });
    await transcript
      .getByText(/Interviewer:/)
      .first()
      .waitFor({ timeout: 60_000 });
    // In the tab order, so arrow keys scroll it.
    expect(await transcript.getAttribute('tabindex')).toBe('0');
    await transcript.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Live transcript');
    await expectNoSeriousFindings(page, 'the live transcript');
  });
});
