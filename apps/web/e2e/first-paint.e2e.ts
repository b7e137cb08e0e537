import { Browser, Page } from 'playwright-core';
import { eventually, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

/**
 * The first paint of a signed-out visit is the login page pre-rendered into index.html (issue 22
 * item 10): it needs no script, looks exactly like the app's own login page, is replaced by it
 * without a flash, and never shows to anyone the app would not show it to.
 */
const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
const appScripts = /\/assets\/.*\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What the page paints from index.html alone: the app's scripts never arrive. */
async function withoutScripts<T>(page: Page, look: () => Promise<T>): Promise<T> {
  await page.route(appScripts, (route) => route.abort());
  try {
    return await look();
  } finally {
    await page.unroute(appScripts);
  }
}

const loginShownBeforeScripts = (page: Page) =>
  page.locator('[data-prerendered]').getByRole('heading', { name: 'Welcome back', includeHidden: true }).isVisible();

describe.each([
  ['desktop', desktop],
  ['phone', phone],
])('first paint on %s', (name, viewport) => {
  it.each(['light', 'dark'] as const)(
    'a signed-out visit paints the login page before any script, and the app takes over pixel for pixel (%s)',
    async (scheme) => {
      const { context, page } = await newPage(browser, viewport, scheme);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const before = await withoutScripts(page, async () => {
        await page.goto('/problems');
        expect(await loginShownBeforeScripts(page)).toBe(true);
        // Not a form anyone can use yet: out of the tab order and of the accessibility tree.
        expect(await page.locator('[data-prerendered]').getAttribute('aria-hidden')).toBe('true');
        expect(await page.locator('[data-prerendered]').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
        return page.screenshot();
      });

      await page.goto('/problems');
      await page.getByRole('tabpanel').getByLabel('Email').waitFor();
      await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(Buffer.compare(before, await page.screenshot())).toBe(0);
      await screenshot(page, `first-paint-${name}-${scheme}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('the page a visitor came for is kept: signing up from the pre-rendered start lands there', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/analytics');
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(uniqueEmail('first-paint'));
    await panel.getByLabel('Password').fill('secret123');
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    // A new account may be asked for its mailed code first; either way it goes on to where it was headed.
    const skip = page.getByRole('link', { name: 'Skip for now' });
    await Promise.race([page.waitForURL('**/analytics'), skip.waitFor()]);
    if (await skip.isVisible()) await skip.click();
    await page.waitForURL('**/analytics');
    await page.getByTestId('topbar-avatar').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('is never painted for a signed-in user, the sign-up tab or a public auth page', async () => {
    const { context, page } = await newPage(browser, viewport);
    for (const path of ['/login?tab=signup', '/forgot-password']) {
      await withoutScripts(page, async () => {
        await page.goto(path);
        expect(await loginShownBeforeScripts(page)).toBe(false);
      });
    }
    await signUp(page, uniqueEmail('first-paint-signed-in'));
    await withoutScripts(page, async () => {
      await page.goto('/problems');
      expect(await loginShownBeforeScripts(page)).toBe(false);
    });
    await page.goto('/problems');
    await page.getByTestId('topbar-avatar').waitFor();
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a returning candidate (phone)', () => {
  it("opens a signed-in page from the stored session: the shell's and the page's chunks preloaded beside the entry, the login page's not, and no wait for auth-js", async () => {
    const { context, page } = await newPage(browser, phone);
    // auth-js held back until the page has shown its content: the session in storage is enough to start.
    const heldAuthJs: Array<() => Promise<void>> = [];
    await page.route(appScripts, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('GoTrueClient')) heldAuthJs.push(() => route.fulfill({ response, body }));
      else await route.fulfill({ response, body });
    });
    // Scripts still on their way when the test ends are the closed page's: nothing to answer them with.
    const unroute = () => page.unrouteAll({ behavior: 'ignoreErrors' });
    const questions = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/leetcode-questions');
    await signUp(page, uniqueEmail('first-paint-returning'), { at: '/leetcode' });
    expect((await questions).status()).toBe(200);
    await page.getByRole('heading', { name: 'Problem Review' }).waitFor();
    await page.getByTestId('topbar-avatar').waitFor();
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    expect(preloaded.some((href) => /\/problem-review-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.some((href) => /\/layout-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.filter((href) => /\/login-page-[\w-]+\.js$/.test(href))).toEqual([]);
    await screenshot(page, 'first-paint-returning-phone');

    // Once it comes (the page idle), auth-js takes the session over: signing out works as ever.
    await eventually(async () => heldAuthJs.length, 1);
    await Promise.all(heldAuthJs.map((release) => release()));
    await page.getByTestId('topbar-avatar').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await unroute();
    await context.close();
  });

  it("loads the other pages' code once its content has shown, unless the browser asks to save data", async () => {
    const { context, page } = await newPage(browser, phone);
    // The other pages' code arrives while the page is idle: a click in the sidebar then waits for data at most.
    const otherPage = page.waitForRequest((request) => /\/interviews-page-[\w-]+\.js$/.test(request.url()), { timeout: 60_000 });
    await signUp(page, uniqueEmail('first-paint-warm'), { at: '/leetcode' });
    await page.getByText('No problems yet', { exact: false }).waitFor();
    expect(await otherPage).toBeTruthy();

    // Save-Data: a page's code is fetched when it is opened, not before.
    const saving = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: phone, storageState: await context.storageState() });
    await saving.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const frugal = await saving.newPage();
    const fetched: string[] = [];
    frugal.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await frugal.goto('/leetcode');
    await frugal.getByRole('heading', { name: 'Problem Review' }).waitFor();
    // Past the 3 s at which what waits for the content starts at the latest.
    await frugal.waitForTimeout(4_000);
    expect(fetched.filter((path) => /\/(interviews|analytics|ai-mocks)-page-[\w-]+\.js$/.test(path))).toEqual([]);
    await saving.close();
    await context.close();
  });
});
