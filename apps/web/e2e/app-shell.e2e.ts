import { Browser, Page } from 'playwright-core';
import { baseUrl, callAsPage, eventually, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

jest.setTimeout(120_000);

const viewports = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 800 },
];

const session = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('auth_session')!) as { access_token: string });

/** The same session signed out from somewhere else (another device): the page is not told. */
async function endSessionElsewhere(page: Page): Promise<void> {
  const { access_token } = await session(page);
  const res = await fetch(`${baseUrl}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}`, apikey: 'local-identity' },
  });
  expect(res.status).toBe(204);
  // Services learn of revocations within a poll (2 s): from then on the token is refused.
  const refused = async () => (await fetch(`${baseUrl}/api/feature-requests`, { headers: { Authorization: `Bearer ${access_token}` } })).status;
  await eventually(refused, 401);
}

/** Resolves once no call to the API has been in flight for half a second. */
async function apiQuiet(page: Page): Promise<void> {
  const inFlight = new Set<unknown>();
  const api = (request: { url(): string }) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => api(request) && inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight.size > 0) quietSince = Date.now();
  }
}

/** Signs in on the login page the app led to (not a fresh visit of /login). */
async function signInHere(page: Page, email: string): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill('secret123');
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

/** Uncaught errors of the page: a crash that blanks the app shows here first. */
function crashes(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The sidebar's links: on a phone they live in the drawer, opened first. */
async function sidebar(page: Page, phone: boolean) {
  if (phone) {
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByTestId('sidebar-drawer');
    await drawer.waitFor();
    return drawer;
  }
  return page.getByTestId('sidebar');
}

describe.each(viewports)('the app shell at $name px (Chromium)', (viewport) => {
  const phone = viewport.width < 768;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('an upvote after the session ended elsewhere lands on /login with "Your session ended", and signing in returns to the board', async () => {
    const { context, page } = await newPage(browser, viewport);
    const errors = crashes(page);
    const email = uniqueEmail('ended');
    await signUp(page, email, { at: '/feature-request' });
    const vote = page.getByRole('button', { name: 'Upvote Operating Systems track' });
    await vote.waitFor();
    await eventually(() => vote.isEnabled(), true);
    // What loads after the board (the bell, the username, auth-js) has made its calls, so the
    // upvote is the first call the ended session meets.
    await page.getByTestId('notifications-bell').waitFor();
    await apiQuiet(page);

    await endSessionElsewhere(page);
    await vote.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session ended.').waitFor();
    // The spec's toast, with its link to /login: rendered inside the router now, it no longer blanks the app.
    await page.getByText('Please login to upvote features', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
    await screenshot(page, `shell-session-ended-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await signInHere(page, email);
    await page.waitForURL((url) => url.pathname === '/feature-request');
    await page.getByRole('heading', { name: 'Feature Requests' }).waitFor();
    // Signing out on purpose is no ended session: the login page says nothing of the kind.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText('Your session ended.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Problem Review keeps search and sort in the URL, through a reload and an ended session', async () => {
    const { context, page } = await newPage(browser, viewport);
    const email = uniqueEmail('review-url');
    await signUp(page, email);
    for (const title of ['Binary Tree Paths', 'Two Sum', 'Invert Binary Tree', 'Maximum Depth of Binary Tree']) {
      // The search reads tags too: Two Sum's do not say "tree".
      const tags = title === 'Two Sum' ? 'Arrays' : 'Trees';
      expect((await callAsPage(page, 'POST', '/api/leetcode-questions', { title, difficulty: 'Easy', tags })).status).toBe(201);
    }
    await page.goto('/leetcode');
    const search = page.getByLabel('Search titles and tags (comma-separated)');
    await search.fill('tree');
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'tree' && url.searchParams.get('sort') === 'title');
    const titles = () => page.getByTestId('question-title').allTextContents();
    const sorted = ['Binary Tree Paths', 'Invert Binary Tree', 'Maximum Depth of Binary Tree'];
    await eventually(async () => (await titles()).join('|'), sorted.join('|'));
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    await eventually(async () => (await titles()).join('|'), [...sorted].reverse().join('|'));
    const address = new URL(page.url());
    await screenshot(page, `shell-review-url-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    expect(await search.inputValue()).toBe('tree');
    await eventually(async () => (await titles()).join('|'), [...sorted].reverse().join('|'));

    // The session ends while the tab is closed; opening the same address leads through the login page back to it.
    await endSessionElsewhere(page);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session ended.').waitFor();
    await signInHere(page, email);
    await page.waitForURL((url) => url.pathname === '/leetcode');
    expect(new URL(page.url()).search).toBe(address.search);
    expect(await search.inputValue()).toBe('tree');
    await context.close();
  });

  it('the shell: skip link, Analytics in the sidebar, the e-mail once, initials from the username, a page that fails leaves a way out', async () => {
    const { context, page } = await newPage(browser, viewport);
    const email = uniqueEmail('shell');
    await signUp(page, email, { at: '/pathfinder' });
    await page.getByRole('heading', { name: 'Student Pathfinder' }).waitFor();

    // The first Tab stop skips the navigation: focus lands on the page itself.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, `shell-skip-link-${viewport.name}`);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(new URL(page.url()).hash).toBe('');

    // The footer of the sidebar: the default username (nothing from the e-mail), then the e-mail, once.
    let nav = await sidebar(page, phone);
    const user = nav.getByTestId('sidebar-user');
    await user.getByText(/^member-[0-9a-f]{8}$/).waitFor();
    expect((await user.innerText()).split(email).length).toBe(2);
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/analytics');
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await screenshot(page, `shell-analytics-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new username: the avatar's initials and the sidebar follow it at once.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Number of Internships').fill('-3');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Number of internships must be 0 or more').waitFor();
    expect(await page.getByText('positive').count()).toBe(0);
    await page.getByLabel('Number of Internships').fill('2');
    // Usernames are unique: the second width's run needs its own.
    const username = `Grace Hopper ${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();
    await page.getByTestId('topbar-avatar').getByText('GH', { exact: true }).waitFor();
    await screenshot(page, `shell-settings-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    nav = await sidebar(page, phone);
    await nav.getByTestId('sidebar-user').getByText(username, { exact: true }).waitFor();
    expect(await nav.getByTestId('sidebar-user').getByText('GH', { exact: true }).count()).toBe(1);
    expect((await nav.getByTestId('sidebar-user').innerText()).split(email).length).toBe(2);
    if (phone) await page.keyboard.press('Escape');

    // Every page names its tab.
    await page.goto('/candidate-interviews');
    await page.getByRole('heading', { name: 'Interview Experiences' }).waitFor();
    await eventually(() => page.title(), 'Interview Experiences · Thunderprep');

    // A page whose code cannot load: the error in place of the page, the shell still there to leave by.
    await page.route('**/assets/external-resources-page-*.js', (route) => route.abort());
    nav = await sidebar(page, phone);
    await nav.getByRole('link', { name: 'External Resources' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('This page could not be loaded. Check your connection and try again.').waitFor();
    await screenshot(page, `shell-page-failed-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    nav = await sidebar(page, phone);
    await nav.getByRole('link', { name: 'Feature Requests' }).click();
    await page.getByRole('heading', { name: 'Feature Requests' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await context.close();
  });

  it('community: badges leave the title its width, a long title wraps, the board searches, "My votes" says why it is empty, the contact limit says when to retry', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUp(page, uniqueEmail('board'));
    const stamp = Date.now().toString(36);
    const title = `Summer Research Fellowship ${stamp}`;
    const long = `Supercalifragilisticexpialidocious${'Internship'.repeat(14)}${stamp}`;
    for (const [t, link] of [
      [title, `https://fellowship.example.com/${stamp}`],
      [long, `https://long.example.com/${stamp}`],
    ]) {
      const created = await callAsPage(page, 'POST', '/api/pathfinder', {
        title: t,
        description: 'Ten paid weeks in a lab.',
        link,
        badge: 'Selective',
        compensation: 4000,
      });
      expect(created.status).toBe(201);
    }
    await page.goto('/pathfinder');
    const card = page.getByTestId('opportunity-card').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByText('Pending review').waitFor();
    await page.getByRole('heading', { name: long }).waitFor();
    const heading = card.getByRole('heading', { name: title });
    // Beside "Pending review" and "Selective" the title was squeezed to about 49 px.
    const cardBox = (await card.boundingBox())!;
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.width).toBeGreaterThan(cardBox.width * 0.8);
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `shell-pathfinder-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The feature board: a long unbroken request wraps, a search box (the API's q), and an empty "My votes" that says why.
    // Under the 120 characters a filed request's title keeps.
    const longFeature = `${'Dashboard'.repeat(11)}${stamp}`;
    expect((await callAsPage(page, 'POST', '/api/contact-form', { subject: 'Feature Request', title: longFeature, message: longFeature })).status).toBe(201);
    await page.goto('/feature-request');
    await page.getByRole('heading', { name: longFeature }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    const item = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await item('Implement-a-thon').waitFor();
    await page.getByLabel('Search feature requests').fill('operating');
    await eventually(() => page.getByRole('list', { name: 'Feature requests' }).getByRole('listitem').count(), 1);
    await item('Operating Systems track').waitFor();
    await page.getByLabel('Search feature requests').fill('');
    const vote = item('Implement-a-thon').getByRole('button', { name: 'Upvote Implement-a-thon' });
    await eventually(() => vote.isEnabled(), true);
    await vote.click();
    await eventually(() => vote.getAttribute('aria-pressed'), 'true');
    await page.getByRole('button', { name: 'My votes' }).click();
    await eventually(() => page.getByRole('list', { name: 'Feature requests' }).getByRole('listitem').count(), 1);
    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'Planned' }).click();
    await page.getByText('None of the features you voted for match').waitFor();
    expect(await page.getByText('You have not voted for any feature yet').count()).toBe(0);
    await screenshot(page, `shell-features-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The contact form past the sender's limit: when to try again, from the refusal's Retry-After.
    let retryAfter: number | undefined;
    for (let i = 0; i < 30 && retryAfter === undefined; i++) {
      const sent = await callAsPage(page, 'POST', '/api/contact-form', { subject: 'Feedback', message: `Note ${i}` });
      if (sent.status === 429) retryAfter = sent.retryAfter;
      else expect(sent.status).toBe(201);
    }
    // An hour's or a day's limit: shown in whole minutes or hours, rounded up.
    const [amount, unit] = retryAfter! >= 3600 ? [Math.ceil(retryAfter! / 3600), 'hour'] : [Math.ceil(retryAfter! / 60), 'minute'];
    const hint = `${amount} ${unit}${amount === 1 ? '' : 's'}`;
    await page.goto('/contact-form/feedback');
    await page.getByLabel('Message').fill('One more note');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`Failed to submit contact form. Try again in ${hint}.`, { exact: true }).waitFor();
    await screenshot(page, `shell-contact-limit-${viewport.name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
