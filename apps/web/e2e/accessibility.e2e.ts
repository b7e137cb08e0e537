import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { navGroups, moderationGroup } from '../src/lib/nav';
import { launch, newPage, seriousA11yViolations, signIn, signUp, stack, uniqueEmail } from './browser';

const root = path.resolve(__dirname, '../../..');

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
    {
      timeout: 30_000,
    },
  );
}

/** axe on what the page shows now, named by where it is so a failure says which screen. */
async function expectNoSeriousFindings(page: Page, where: string): Promise<void> {
  expect({ where, findings: await seriousA11yViolations(page) }).toEqual({ where, findings: [] });
}

function grantModerator(email: string): void {
  const url = new URL(stack.adminUrl);
  url.pathname = `/${stack.database}`;
  execFileSync(process.execPath, [path.join(root, 'scripts/admin.mjs'), 'grant-moderator', email], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: 'pipe',
  });
}

const layouts = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 375, scheme: 'light' },
  { width: 375, scheme: 'dark' },
] as const;

describe('accessibility: no serious or critical axe finding on any screen (Chromium)', () => {
  let browser: Browser;
  const moderator = uniqueEmail('a11y-moderator');
  beforeAll(async () => {
    browser = await launch();
    const { context, page } = await newPage(browser);
    await signUp(page, moderator);
    await context.close();
    grantModerator(moderator);
  });
  afterAll(() => browser.close());

  it.each(layouts)('every screen at $width px, $scheme, with the filter popover open and /api/docs', async ({ width, scheme }) => {
    const { context, page } = await newPage(browser, { width, height: 800 }, scheme);
    for (const screen of signedOutScreens) {
      await page.goto(screen);
      await settled(page);
      await expectNoSeriousFindings(page, screen);
    }

    await signIn(page, moderator);
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

    await page.goto('/api/docs/');
    // An operation opened, so its parameters, media-type select and responses are checked too.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(scheme === 'dark');
    await expectNoSeriousFindings(page, '/api/docs');
    await context.close();
  });

  it("follows the app's own theme on /api/docs when it differs from the system's", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 }, 'light');
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.goto('/api/docs/');
    await page.locator('.opblock-summary').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expectNoSeriousFindings(page, '/api/docs (dark by the app theme)');
    await context.close();
  });

  it('reaches the live transcript box by keyboard, at 1280 and 375 px, light and dark', async () => {
    const withMicrophone = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
    try {
      const { page } = await newPage(withMicrophone, { width: 1280, height: 800 }, 'light');
      await signUp(page, uniqueEmail('a11y-caller'));
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
      // The theme switch repaints without a reload, so one call serves all four layouts.
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        for (let i = 0; i < 2; i++) {
          const scheme = await page.evaluate(() => (document.documentElement.classList.contains('dark-mode') ? 'dark' : 'light'));
          await expectNoSeriousFindings(page, `the live transcript at ${width} px, ${scheme}`);
          await page.getByTestId('theme-toggle').click();
        }
      }
    } finally {
      await withMicrophone.close();
    }
  });
});
