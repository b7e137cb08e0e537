import { Browser } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

// Sign-up, two axe runs and a list of 75 rows each: slow on a busy machine.
jest.setTimeout(150_000);

describe('Problem catalogue (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('finds a problem as it is typed, adds it as it is known, then adds a whole list skipping it (1280 px)', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('catalogue'), { at: '/leetcode' });
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    const dialog = page.getByRole('dialog');
    const search = dialog.getByRole('combobox', { name: 'Find a well-known problem' });
    await search.fill('two s');
    const results = dialog.getByRole('listbox', { name: 'Catalogue problems' });
    await results.getByRole('option').first().filter({ hasText: 'Two Sum' }).waitFor();
    expect(await results.getByRole('option').allTextContents()).toContain('167.Two Sum II - Input Array Is Sorted');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-search-desktop');

    await results.getByRole('option', { name: /Two Sum$/ }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Two Sum');
    expect(await dialog.getByLabel('Tags').inputValue()).toBe('Array, Hash Table');
    await dialog.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('Question Created', { exact: true }).waitFor();
    await page.getByTestId('question-title').filter({ hasText: 'Two Sum' }).waitFor();

    // A number finds its problem; Enter picks; one already tracked says so.
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await search.fill('146');
    await results.getByRole('option').first().filter({ hasText: 'LRU Cache' }).waitFor();
    await search.press('Enter');
    expect(await dialog.getByLabel('Title').inputValue()).toBe('LRU Cache');
    await search.fill('two sum');
    await results.getByRole('option', { name: /Two Sum\s*Tracked/ }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add list' }).click();
    await page.getByRole('dialog').getByText('NeetCode 150').waitFor();
    await page.getByRole('button', { name: 'Add Blind 75' }).click();
    await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Added 74 problems, 1 already tracked' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-add-list-desktop');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByText('Page 1 of 8').waitFor();
    await context.close();
  });

  it('searches and adds a list on a phone (375 px)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await signUp(page, uniqueEmail('catalogue-phone'), { at: '/leetcode' });
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await page.getByRole('combobox', { name: 'Find a well-known problem' }).fill('two s');
    await page.getByRole('listbox', { name: 'Catalogue problems' }).getByRole('option').first().filter({ hasText: 'Two Sum' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-search-mobile');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add list' }).click();
    await page.getByRole('button', { name: 'Add Grind 75' }).click();
    await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Added 75 problems, 0 already tracked' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-add-list-mobile');
    await context.close();
  });
});
