import { Browser, Page } from 'playwright-core';
import { callAsPage, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

// A whole session (or an export and two imports) through a loaded machine's stack.
jest.setTimeout(240_000);

/** Tracks the problems in this order, each a moment after the previous (the session takes new ones oldest first). */
async function track(page: Page, titles: string[]) {
  for (const title of titles)
    expect((await callAsPage(page, 'POST', '/api/leetcode-questions', { title, difficulty: 'Medium', tags: 'arrays' })).status).toBe(201);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name }).waitFor({ timeout: 60_000 });
const position = (page: Page, text: string) => page.getByTestId('session-position').filter({ hasText: text }).waitFor({ timeout: 60_000 });
/** Space turns the card: the answer (the last review) and the grades show. */
async function showAnswer(page: Page) {
  await page.keyboard.press('Space');
  await page.getByTestId('review-answer').waitFor();
}

describe('Review due: a session through everything due today (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('runs through today’s problems one after another, each answer shown by Space, graded by keys 1–4, a grade undone by u and by the button, and sums up at the end (1280 px)', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('session'));
    await track(page, ['Two Sum', 'Valid Anagram', 'Climbing Stairs']);
    await page.goto('/leetcode');
    await page.getByRole('link', { name: 'Review due' }).click({ timeout: 60_000 });
    await page.waitForURL((url) => url.pathname === '/leetcode/session');

    await heading(page, 'Two Sum');
    await position(page, '1 of 3');
    expect(await page.getByRole('progressbar', { name: 'Problems reviewed' }).getAttribute('aria-valuenow')).toBe('0');
    await page.getByText('New: not reviewed yet.').waitFor();
    // The problem alone first: no grades until the answer is shown.
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('button', { name: 'Show answer Space' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-session-desktop');
    await showAnswer(page);
    expect(await page.getByTestId('review-answer').textContent()).toBe('First review: no notes or earlier submissions yet.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-session-answer-desktop');
    await page.keyboard.press('3');
    expect(await page.getByRole('radio', { name: /Good/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('grade-hint').filter({ hasText: 'Graded Good.' }).waitFor();
    await page.getByRole('button', { name: 'Log Review' }).click();

    // The next problem comes on the same page: no trip back to the list.
    await heading(page, 'Valid Anagram');
    await position(page, '2 of 3');
    expect(new URL(page.url()).pathname).toBe('/leetcode/session');
    // u takes the grade back: Two Sum is the card again, new as before it.
    await page.keyboard.press('u');
    await page.getByText('Two Sum is back, due as it was before.', { exact: true }).waitFor();
    await heading(page, 'Two Sum');
    await position(page, '1 of 3');
    await page.getByText('New: not reviewed yet.').waitFor();
    await showAnswer(page);
    await page.keyboard.press('3');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await heading(page, 'Valid Anagram');
    await showAnswer(page);
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.keyboard.press('1');
    await page.getByTestId('grade-hint').filter({ hasText: 'Graded Again.' }).waitFor();
    // Choosing the chosen grade again clears it: the scores give it.
    await page.getByRole('radio', { name: /Again/ }).click();
    await page.getByTestId('grade-hint').filter({ hasText: 'No grade chosen: your scores give Again.' }).waitFor();
    await page.getByRole('radio', { name: /Again/ }).click();
    await page.getByRole('button', { name: 'Log Review' }).click();

    await heading(page, 'Climbing Stairs');
    await position(page, '3 of 3');
    await showAnswer(page);
    // Typing "1" into a box is a number, not a grade; with no grade, the scores give Easy.
    await page.getByLabel('Submissions').fill('1');
    await page.getByLabel('Time (minutes)').fill('5');
    await page.getByLabel('Time (minutes)').press('1');
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.getByLabel('Time (minutes)').fill('5');
    await page.getByTestId('grade-hint').filter({ hasText: 'No grade chosen: your scores give Easy.' }).waitFor();
    await page.getByRole('button', { name: 'Log Review' }).click();

    // The last grade can still be taken back from the summary.
    await heading(page, 'Session complete');
    await page.getByRole('button', { name: /Undo last grade/ }).click();
    await heading(page, 'Climbing Stairs');
    await position(page, '3 of 3');
    await showAnswer(page);
    await page.keyboard.press('4');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await heading(page, 'Session complete');
    await page.getByTestId('session-summary').filter({ hasText: 'You reviewed 3 problems: 1 Again, 1 Good, 1 Easy.' }).waitFor();
    await page
      .getByTestId('retention-change')
      .filter({ hasText: /Mean retention of these problems: 0% → \d+% \(\+\d+\)\./ })
      .waitFor({ timeout: 60_000 });
    const rows = page.getByTestId('summary-row');
    expect(await rows.locator('span').first().textContent()).toBe('Two Sum');
    expect(await page.getByTestId('summary-grade').allTextContents()).toEqual(['Good', 'Again', 'Easy']);
    for (const due of await page.getByTestId('summary-due').allTextContents()) expect(due).toMatch(/^in \d+ days?$/);
    await rows
      .filter({ hasText: 'Climbing Stairs' })
      .getByText(/none → \d+%/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-session-summary-desktop');

    // Everything reviewed: the next session has nothing left today.
    await page.goto('/leetcode/session');
    await page.getByText('Nothing is due today.').waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('holds only what the daily limits allow, set in the Daily limits dialog, says so with a link there, undoes by Ctrl+Z, and fits a phone (375 px, dark)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 }, 'dark');
    await signUp(page, uniqueEmail('limits'));
    await track(page, ['Merge Intervals', 'Word Break']);
    await page.goto('/leetcode');
    await page.getByRole('button', { name: 'Daily limits' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Daily review limit').inputValue()).toBe('100');
    expect(await dialog.getByLabel('New problems per day').inputValue()).toBe('10');
    await dialog.getByLabel('Daily review limit').fill('0');
    await dialog.getByText('Daily review limit must be a whole number from 1 to 500').waitFor();
    await dialog.getByLabel('New problems per day').fill('');
    await dialog.getByText('New problems per day must be a whole number from 0 to 100').waitFor();
    expect(await dialog.getByLabel('New problems per day').inputValue()).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-limits-phone');
    await dialog.getByLabel('Daily review limit').fill('20');
    await dialog.getByLabel('New problems per day').fill('1');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Daily limits saved', { exact: true }).waitFor();
    await page.getByText('20 reviews and 1 new problem a day.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Review due' }).click({ timeout: 60_000 });
    await heading(page, 'Merge Intervals');
    await position(page, '1 of 1');
    // The one due count, as "Due today" has it, and what the limits leave of it.
    await page.getByTestId('session-limit').filter({ hasText: '1 of 2 due today, limit in Daily limits' }).waitFor();
    expect(await page.getByRole('link', { name: 'limit in Daily limits' }).getAttribute('href')).toBe('/leetcode?limits=open');
    await showAnswer(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-session-phone');
    await page.keyboard.press('4');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await heading(page, 'Session complete');
    await page.keyboard.press('Control+z');
    await heading(page, 'Merge Intervals');
    await showAnswer(page);
    await page.keyboard.press('4');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await heading(page, 'Session complete');
    await page.getByTestId('session-summary').filter({ hasText: 'You reviewed 1 problem: 1 Easy.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'review-session-summary-phone');

    // The second new problem waits for tomorrow: today's one new problem is taken.
    await page.goto('/leetcode/session');
    await page.getByTestId('held-back').filter({ hasText: '1 more problem waits beyond your daily limits' }).waitFor({ timeout: 60_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/leetcode?limits=open');
    await page.getByRole('dialog', { name: 'Daily limits' }).waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('New problems per day').inputValue()).toBe('1');
    await context.close();
  });
});
