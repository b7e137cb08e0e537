import { Browser, Page } from 'playwright-core';
import { createAccount, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signIn, signUp, uniqueEmail } from './browser';

jest.setTimeout(480_000);

/** A page whose waits allow for a loaded CI machine (one long walk through four accounts). */
async function open(browser: Browser, viewport?: { width: number; height: number }, colorScheme?: 'light' | 'dark') {
  const opened = await newPage(browser, viewport, colorScheme);
  opened.page.setDefaultTimeout(60_000);
  return opened;
}

/** Files a request the way users do: a Feature Request message with its title. */
async function fileRequest(page: Page, title: string): Promise<void> {
  await page.goto('/contact-form/feature-request');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill(`${title}, please`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Contact Form Submitted', { exact: true }).first().waitFor();
}

/** Waits until the board's list shows exactly these titles, top to bottom (a search or sort answers after a pause). */
async function expectTitles(page: Page, expected: string[]): Promise<void> {
  const headings = page.getByRole('list', { name: 'Feature requests' }).getByRole('heading', { level: 2 });
  let shown = await headings.allTextContents();
  for (
    const deadline = Date.now() + 60_000;
    JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline;
    shown = await headings.allTextContents()
  ) {
    await page.waitForTimeout(200);
  }
  expect(shown).toEqual(expected);
}

async function chooseOption(page: Page, control: string, option: string): Promise<void> {
  await page.getByLabel(control, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('feature board: sorts, comments, merges and What’s new (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('sorts in the URL, comments on a request, a moderator merges a duplicate and completes it; at 1280 and 375 px with axe', async () => {
    const tag = Date.now().toString(36);
    const older = `Dark mode ${tag}`;
    const newer = `Night theme ${tag}`;
    const authorEmail = uniqueEmail('boardauthor');
    const modEmail = uniqueEmail('boardmod');

    await createAccount(modEmail);
    grantModerator(modEmail);

    const desk = await open(browser, { width: 1280, height: 900 }, 'light');
    await signUp(desk.page, authorEmail);
    await fileRequest(desk.page, older);
    await fileRequest(desk.page, newer);

    const mod = await open(browser, { width: 1280, height: 900 });
    await signIn(mod.page, modEmail, { at: '/moderation' });
    await mod.page.getByRole('tab', { name: 'Feature requests' }).click();
    await mod.page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Feature requests' }).waitFor();
    for (const title of [older, newer]) {
      await chooseOption(mod.page, `Status of ${title}`, 'Open');
      await mod.page.getByText('Status set to Open', { exact: true }).first().waitFor();
    }

    // The author votes for the older one: top puts it first, newest the other, and the sort stays in the address.
    const board = desk.page;
    await board.goto('/feature-request');
    await board.getByLabel('Search feature requests').fill(tag);
    await board.locator(`button:enabled[aria-label="Upvote ${older}"]`).click();
    await board.locator(`button[aria-label="Upvote ${older}"][aria-pressed="true"]`).waitFor();
    await board.waitForLoadState('networkidle');
    // The list keeps its order until it is fetched again; a visit fetches it in the new order.
    await board.reload();
    await board.getByLabel('Search feature requests').fill(tag);
    await expectTitles(board, [older, newer]);
    await chooseOption(board, 'Sort by', 'Newest');
    await board.waitForURL(/[?&]sort=newest/);
    await expectTitles(board, [newer, older]);
    await chooseOption(board, 'Sort by', 'Trending');
    await board.waitForURL(/[?&]sort=trending/);
    await expectTitles(board, [older, newer]);
    await board.goto('/feature-request?sort=newest');
    expect(await board.getByLabel('Sort by', { exact: true }).textContent()).toBe('Newest');
    expect(await seriousA11yViolations(board)).toEqual([]);
    await screenshot(board, 'feature-board-1280-light');

    // Comments on the detail view, with the author's name; the author edits theirs.
    await board.getByLabel('Search feature requests').fill(tag);
    await board.getByRole('link', { name: `Details and comments: ${older}` }).click();
    await board.getByRole('heading', { level: 1, name: older }).waitFor();
    await board.getByText('No comments yet').waitFor();
    await board.getByRole('button', { name: 'Post comment' }).click();
    await board.getByText('Please write a comment').waitFor();
    await board.getByLabel('Add a comment').fill('Please also theme the code editor');
    await board.getByRole('button', { name: 'Post comment' }).click();
    const comments = board.getByRole('list', { name: 'Comments' });
    await comments.getByText('Please also theme the code editor').waitFor();
    // No full name: "Member" and a short id, never the e-mail.
    const authorName = (await comments.getByText(/^Member [0-9a-f]{6}$/).textContent())!;
    await board.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    await board.getByRole('button', { name: `Edit comment by ${authorName}` }).click();
    await board.getByLabel('Edit your comment').fill('Please also theme the code editor and the diagrams');
    await board.getByRole('button', { name: 'Save' }).click();
    await comments.getByText('Please also theme the code editor and the diagrams').waitFor();
    await comments.getByText(/edited/).waitFor();
    expect(await board.getByRole('region', { name: 'Merge a duplicate' }).count()).toBe(0);
    expect(await seriousA11yViolations(board)).toEqual([]);
    await screenshot(board, 'feature-board-detail-1280-light');

    // The moderator merges the newer duplicate into the older one, then completes the older one.
    await mod.page.goto('/feature-request');
    await mod.page.getByLabel('Search feature requests').fill(tag);
    await mod.page.getByRole('link', { name: `Details and comments: ${newer}` }).click();
    await mod.page.getByRole('heading', { level: 1, name: newer }).waitFor();
    // A moderator corrects another member's request; the audit log says so below.
    await mod.page.getByRole('button', { name: 'Edit request' }).click();
    await mod.page.getByLabel('Description').fill(`The same wish as ${older}`);
    await mod.page.getByRole('button', { name: 'Save' }).click();
    await mod.page.getByText(`The same wish as ${older}`, { exact: true }).waitFor();
    await chooseOption(mod.page, 'Merge into', older);
    await mod.page.getByRole('button', { name: 'Merge' }).click();
    await mod.page.getByRole('note').getByRole('link', { name: older }).waitFor();
    expect(await seriousA11yViolations(mod.page)).toEqual([]);
    await mod.page.goto('/moderation');
    await mod.page.getByRole('tab', { name: 'Feature requests' }).click();
    await chooseOption(mod.page, `Status of ${older}`, 'Completed');
    await mod.page.getByText('Status set to Completed', { exact: true }).first().waitFor();
    // Each of those actions on the author's requests is in the audit log, with what changed.
    await mod.page.getByRole('tab', { name: 'Audit log' }).click();
    const entries = mod.page.getByTestId('audit-entry');
    await entries.filter({ hasText: 'Changed the status of' }).filter({ hasText: older }).getByText('After: Completed').waitFor();
    await entries.filter({ hasText: 'Merged' }).filter({ hasText: newer }).getByText(`After: Merged into "${older}"`).waitFor();
    await entries.filter({ hasText: 'Edited' }).filter({ hasText: newer }).getByText(`After: ${newer} The same wish as ${older}`).waitFor();
    expect(await seriousA11yViolations(mod.page)).toEqual([]);
    await screenshot(mod.page, 'moderation-audit-board-1280');
    await mod.context.close();

    // On a phone, another user: the duplicate is gone, the author's comment has no edit for them, What's new lists it.
    const phone = await open(browser, { width: 375, height: 800 }, 'dark');
    await signUp(phone.page, uniqueEmail('boardreader'), { at: '/feature-request?sort=trending' });
    await phone.page.getByLabel('Search feature requests').fill(tag);
    await expectTitles(phone.page, [older]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'feature-board-375-dark');

    await phone.page.getByRole('link', { name: `Details and comments: ${older}` }).click();
    await phone.page.getByText('Please also theme the code editor and the diagrams').waitFor();
    expect(await phone.page.getByRole('button', { name: `Edit comment by ${authorName}` }).count()).toBe(0);
    await phone.page.getByLabel('Add a comment').fill('Looking forward to it');
    await phone.page.getByRole('button', { name: 'Post comment' }).click();
    await phone.page.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'feature-board-detail-375-dark');

    await phone.page.goto('/feature-request');
    await phone.page.getByRole('link', { name: "What's new" }).click();
    await phone.page.getByRole('heading', { level: 1, name: "What's new" }).waitFor();
    const shipped = phone.page.getByRole('list', { name: 'Completed feature requests' });
    await shipped.getByRole('link', { name: older }).waitFor();
    expect(await shipped.getByRole('link', { name: newer }).count()).toBe(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'whats-new-375-dark');

    await desk.page.goto('/whats-new');
    await desk.page.getByRole('list', { name: 'Completed feature requests' }).getByRole('link', { name: older }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'whats-new-1280-light');
    for (const c of [desk, phone]) await c.context.close();
  });
});
