import { Browser, Page } from 'playwright-core';
import { api, eventually, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signIn, tokenOf } from './browser';

jest.setTimeout(300_000);

/** Issue 23 item 4 in the browser: the bell's figure, the list with read and unread, links, "Mark all as read", at 1280 and 375 px. */

const stepTimeoutMs = 60_000;

const bell = (page: Page) => page.getByTestId('notifications-bell');
const bellName = (page: Page) => bell(page).getAttribute('aria-label');
const items = (page: Page) => page.getByTestId('notification');
const unreadMarks = (page: Page) => items(page).evaluateAll((links) => links.map((l) => l.getAttribute('data-unread')));

describe('notifications bell (Chromium)', () => {
  let browser: Browser;
  let alice: { email: string; token: string };
  let bob: { email: string; token: string };
  let moderator: string;
  let requestId: string;
  const title = `Notify me in the bell ${Date.now().toString(36)}`;

  const unreadOf = async (token: string) => (await api(token, 'GET', '/api/notifications/unread-count')).unread as number;

  beforeAll(async () => {
    browser = await launch();
    const mod = await signedUpToken('bell-moderator');
    grantModerator(mod.email);
    moderator = await tokenOf(mod.email);
    alice = await signedUpToken('bell-author');
    bob = await signedUpToken('bell-commenter');

    // Alice files a request and follows it; Bob comments on it and a moderator plans it: two notifications for Alice.
    await api(alice.token, 'POST', '/api/contact-form', { subject: 'Feature Request', title, message: title });
    const pending = await api(moderator, 'GET', `/api/feature-requests?status=pending&q=${encodeURIComponent(title)}`);
    requestId = pending.find((r: { title: string; description: string }) => r.description === title || r.title === title).id;
    await api(moderator, 'PATCH', `/api/feature-requests/${requestId}`, { status: 'open' });
    await api(alice.token, 'PUT', `/api/feature-requests/${requestId}/subscription`);
    await api(bob.token, 'POST', `/api/feature-requests/${requestId}/comments`, { body: 'Count me in, this would help a lot.' });
    // Each notification is made when its event is handled, and two events may be handled in either
    // order: the comment's is in the bell before the request is planned, so the list's order is known.
    await eventually(() => unreadOf(alice.token), 1, stepTimeoutMs);
    await api(moderator, 'PATCH', `/api/feature-requests/${requestId}`, { status: 'planned' });
    await eventually(() => unreadOf(alice.token), 2, stepTimeoutMs);
  });
  afterAll(() => browser.close());

  it('shows the unread figure, lists read and unread, opens an item and marks all read at 1280 px', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 }, 'light');
    page.setDefaultTimeout(stepTimeoutMs);
    await signIn(page, alice.email);
    await eventually(() => bellName(page), 'Notifications, 2 unread', stepTimeoutMs);
    expect(await page.getByTestId('notifications-unread').textContent()).toBe('2');

    await bell(page).click();
    await items(page).first().waitFor();
    await eventually(() => unreadMarks(page), ['true', 'true'], stepTimeoutMs);
    // Newest first: the status change came after the comment.
    expect(await items(page).nth(0).textContent()).toContain(`"${title}" is now planned`);
    expect(await items(page).nth(1).textContent()).toContain('Count me in, this would help a lot.');
    // The app marks what a moderator caused (the status change), never by a name.
    expect(await items(page).nth(0).getByTestId('moderator-badge').count()).toBe(1);
    expect(await items(page).nth(1).getByTestId('moderator-badge').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-1280-light');

    // Opening one goes to the request and marks just that one read.
    await items(page).nth(1).click();
    await page.waitForURL(`**/feature-requests/${requestId}`);
    await eventually(() => bellName(page), 'Notifications, 1 unread', stepTimeoutMs);
    await bell(page).click();
    await eventually(() => unreadMarks(page), ['true', 'false'], stepTimeoutMs);

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await eventually(() => unreadMarks(page), ['false', 'false'], stepTimeoutMs);
    await eventually(() => bellName(page), 'Notifications', stepTimeoutMs);
    expect(await page.getByTestId('notifications-unread').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await eventually(() => unreadOf(alice.token), 0, stepTimeoutMs);
    await context.close();
  });

  it('fits a phone at 375 px and picks up a new notification when the tab comes back into focus', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 }, 'dark');
    page.setDefaultTimeout(stepTimeoutMs);
    await signIn(page, alice.email);
    await eventually(() => bellName(page), 'Notifications', stepTimeoutMs);

    await api(bob.token, 'POST', `/api/feature-requests/${requestId}/comments`, { body: 'A second thought from Bob.' });
    await eventually(() => unreadOf(alice.token), 1, stepTimeoutMs);
    // What a user does on coming back to the tab: the bell asks again.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await eventually(() => bellName(page), 'Notifications, 1 unread', stepTimeoutMs);

    await bell(page).click();
    await eventually(() => unreadMarks(page), ['true', 'false', 'false'], stepTimeoutMs);
    const box = await page.getByRole('dialog', { name: 'Notifications' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-375-dark');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await eventually(() => bellName(page), 'Notifications', stepTimeoutMs);
    await context.close();
  });
});
