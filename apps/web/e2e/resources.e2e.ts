import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

jest.setTimeout(300_000);

const toastWith = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const item = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Resources' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

describe('external resources: share for review, upvote and favourite (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('upvotes and favourites a built-in resource, files one for review with the spec’s toast, and is told where a known link is; at 1280 px', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 }, 'light');
    page.setDefaultTimeout(60_000);
    await signUp(page, uniqueEmail('resources'), { at: '/external-resources' });
    await page.getByRole('heading', { name: 'External Resources' }).waitFor();
    const leetcode = item(page, 'LeetCode');
    await leetcode.getByRole('button', { name: 'Upvote LeetCode' }).click();
    await leetcode.locator('[aria-pressed="true"][aria-label="Upvote LeetCode"]').waitFor();
    await leetcode.getByTestId('upvote-count').filter({ hasText: /^1$/ }).waitFor();
    await leetcode.getByRole('button', { name: 'Favorite LeetCode' }).click();
    await toastWith(page, 'Resource added to favorites');
    // Stored: a fresh load shows both marks.
    await page.reload();
    await item(page, 'LeetCode').locator('[aria-pressed="true"][aria-label="Favorite LeetCode"]').waitFor();
    await item(page, 'LeetCode').locator('[aria-pressed="true"][aria-label="Upvote LeetCode"]').waitFor();

    const title = `Tech Interview Handbook ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add Resource' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Submit Resource' }).click();
    await dialog.getByText('Please enter a title', { exact: true }).waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('By').fill('Yangshun Tay');
    await dialog.getByLabel('Link').fill('https://leetcode.com/');
    await dialog.getByLabel('Description').fill('A free guide to coding interviews: study plans, questions by topic and behavioural tips.');
    await dialog.getByRole('button', { name: 'Submit Resource' }).click();
    await dialog.getByText('This link is already listed: “LeetCode”', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'See it in the list' }).waitFor();
    await screenshot(page, 'resources-duplicate-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByLabel('Link').fill(`https://www.techinterviewhandbook.org/${Date.now().toString(36)}`);
    await dialog.getByRole('button', { name: 'Submit Resource' }).click();
    await toastWith(page, 'Resource Submitted');
    await toastWith(page, 'Your resource has been submitted for review');
    await item(page, title).getByText('Pending review', { exact: true }).waitFor();
    await page.getByTestId('own-submission').filter({ hasText: title }).getByText('Pending review', { exact: true }).waitFor();
    await screenshot(page, 'resources-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('lays the list and the add dialog out on a phone in dark theme', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 }, 'dark');
    page.setDefaultTimeout(60_000);
    await signUp(page, uniqueEmail('resourcesphone'), { at: '/external-resources' });
    await item(page, 'Cracking the Coding Interview').getByText('by Gayle Laakmann McDowell', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'resources-375-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByRole('dialog').getByLabel('Title').waitFor();
    await screenshot(page, 'resources-add-375-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
