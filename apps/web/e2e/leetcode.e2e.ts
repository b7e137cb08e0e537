import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

/** Creates questions through the API with the signed-in user's token (faster than 25 dialogs). */
async function seedQuestions(page: Page, titles: string[]) {
  await page.evaluate(async (names) => {
    const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
    for (const [i, title] of names.entries()) {
      const res = await fetch('/api/leetcode-questions', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, difficulty: ['Easy', 'Medium', 'Hard'][i % 3], tags: 'seeded' }),
      });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status}`);
    }
  }, titles);
}

const titles = (page: Page) => page.getByTestId('question-title').allTextContents();

describe('Problem Review (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('adds a problem, logs a review with two errors and sees the computed scores and the session', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('review'));
    await page.goto('/leetcode');
    await page.getByRole('heading', { name: 'Problem Review' }).waitFor();
    await page.getByText('You have not solved any problems yet.').first().waitFor();
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await page.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('Title is required').waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Two Sum');
    await dialog.getByLabel('Tags').fill('arrays, hash table,,');
    await page.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('Question Created', { exact: true }).waitFor();
    await page.getByTestId('question-title').filter({ hasText: 'Two Sum' }).waitFor();
    await page.getByText('arrays · hash table').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('question-row').first().click();
    await page.waitForURL('**/leetcode/review/**');
    await page.getByRole('heading', { name: 'Two Sum' }).waitFor();
    expect(await page.getByRole('link', { name: /Problem/ }).getAttribute('href')).toBe('https://leetcode.com/problems/two-sum/');
    expect(await page.getByRole('link', { name: /Problem/ }).getAttribute('target')).toBe('_blank');
    await page.getByText('No sessions yet').waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();

    await page.getByLabel('Errors').click();
    await page.getByLabel('Wrong Answer').check();
    await page.getByLabel('Edge Case Missed').check();
    await page.keyboard.press('Escape');
    await page.getByLabel('Submissions').fill('2');
    await page.getByLabel('Time (minutes)').fill('5');
    expect(await page.getByTestId('correctness').inputValue()).toBe('20');
    expect(await page.getByTestId('confidence').inputValue()).toBe('70');
    await page.getByLabel('Notes').fill('Forgot the empty array');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-desktop');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Session recorded!', { exact: true }).waitFor();
    await page.getByText('Review #1 of Two Sum: correctness 20%, confidence 70%.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByTestId('total-reviews').filter({ hasText: '1' }).waitFor();
    await page.getByText('Solve at least 3 problems to get a speed score.').waitFor();
    await screenshot(page, 'problem-review-desktop');

    await page.getByTestId('question-row').first().click();
    const table = page.getByTestId('previous-sessions');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().textContent()).toContain('today');
    expect(await table.locator('tbody tr').first().textContent()).toContain('Forgot the empty array');
    expect(await page.getByRole('note').count()).toBe(0);

    // The server refuses the next review: the error toast, and the page stays.
    await page.route('**/api/leetcode-questions/*/session', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"upstream_unavailable","message":"down"}}' }));
    await page.getByLabel('Submissions').fill('1');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Failed to create session', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/leetcode\/review\//);

    // Adding a problem fails the same way.
    await page.route('**/api/leetcode-questions', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Three Sum');
    await page.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('Failed to create question', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('keeps a review typed when the session ended, and brings it back after signing in again', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('expired');
    await signUp(page, email);
    await seedQuestions(page, ['Merge Intervals']);
    await page.goto('/leetcode');
    await page.getByTestId('question-row').first().click();
    await page.getByRole('heading', { name: 'Merge Intervals' }).waitFor();
    await page.getByLabel('Errors').click();
    await page.getByLabel('Runtime Error').check();
    await page.keyboard.press('Escape');
    await page.getByLabel('Submissions').fill('3');
    await page.getByLabel('Time (minutes)').fill('25');
    await page.getByLabel('Notes').fill('Sorted by start, then merged');

    // The service no longer accepts the token (as once it expired and could not be refreshed).
    await page.route('**/api/leetcode-questions/*/session', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"code":"unauthorized","message":"Token has expired"}}' }),
    );
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Please login to submit a review', { exact: true }).waitFor();
    await page.waitForURL('**/login');
    await page.unroute('**/api/leetcode-questions/*/session');

    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('secret123');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Merge Intervals' }).waitFor();
    expect(await page.getByLabel('Notes').inputValue()).toBe('Sorted by start, then merged');
    expect(await page.getByLabel('Submissions').inputValue()).toBe('3');
    expect(await page.getByLabel('Time (minutes)').inputValue()).toBe('25');
    expect(await page.getByTestId('correctness').inputValue()).toBe('70');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Session recorded!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByTestId('total-reviews').filter({ hasText: '1' }).waitFor();
    await context.close();
  });

  it('opens the problem with the lowest retention from "Review next"', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('next'));
    await seedQuestions(page, ['Well Known', 'Shaky One', 'Fairly Known']);
    await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const list: Array<{ id: string; title: string }> = await (await fetch('/api/leetcode-questions', { headers })).json();
      const scores: Record<string, number> = { 'Well Known': 95, 'Shaky One': 20, 'Fairly Known': 60 };
      for (const q of list) {
        const body = { question_id: q.id, correctness: scores[q.title], confidence: scores[q.title], timer: 10, notes: null };
        await fetch(`/api/leetcode-questions/${q.id}/session`, { method: 'POST', headers, body: JSON.stringify(body) });
      }
    });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/leetcode');
    await page.getByText('average per review over 3 problems').waitFor();
    await page.getByText('10 min', { exact: true }).waitFor();
    expect(await page.getByTestId('total-reviews').textContent()).toBe('3');
    for (const d of ['Easy 1', 'Medium 1', 'Hard 1']) await page.getByText(d, { exact: true }).waitFor();
    // The cards come from the summary, not from downloading every session.
    expect(requested).toContain('/api/leetcode-questions/summary');
    expect(requested).not.toContain('/api/leetcode-questions/sessions');
    await page.getByRole('button', { name: 'Review next' }).click();
    await page.getByRole('heading', { name: 'Shaky One' }).waitFor();
    await page.getByText('20%').first().waitFor();
    await context.close();
  });

  it('searches, sorts, pages and deletes among 25 problems', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('table'));
    const names = Array.from({ length: 25 }, (_, i) => `${['Alpha', 'Beta', 'Gamma', 'Delta', 'Omega'][i % 5]} Problem ${String(i + 1).padStart(2, '0')}`);
    await seedQuestions(page, names);
    await page.goto('/leetcode');
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 3' }).waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(10);

    await page.getByLabel('Search titles (comma-separated)').fill('alpha, beta');
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 1' }).waitFor();
    const found = await titles(page);
    expect(found).toHaveLength(10);
    expect(found.every((t) => t.startsWith('Alpha') || t.startsWith('Beta'))).toBe(true);
    await page.getByLabel('Search titles (comma-separated)').fill('');

    await page.getByRole('button', { name: 'Title' }).click();
    expect((await titles(page))[0]).toBe('Alpha Problem 01');
    await page.getByRole('button', { name: 'Title' }).click();
    expect((await titles(page))[0]).toBe('Omega Problem 25');
    await page.getByRole('button', { name: 'Difficulty' }).click();
    expect(await page.getByTestId('question-row').first().locator('[role=img]').getAttribute('aria-label')).toBe('Easy');
    await page.getByRole('button', { name: 'Ret.' }).click();
    await page.getByRole('button', { name: 'Last Solved' }).click();
    expect(await page.getByTestId('question-row').count()).toBe(10);

    await page.getByRole('button', { name: 'Title' }).click();
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 3 of 3' }).waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(5);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 2 of 3' }).waitFor();
    await page.getByRole('button', { name: 'First page' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 3' }).waitFor();
    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '30' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 1' }).waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(25);

    const doomed = (await titles(page)).slice(0, 3);
    for (const title of doomed) await page.getByLabel(`Select ${title}`).check();
    await screenshot(page, 'problem-table-selected');
    await page.getByRole('button', { name: 'Delete 3' }).click();
    await page.getByText('Question Deleted', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 22);
    const left = await titles(page);
    expect(left.some((t) => doomed.includes(t))).toBe(false);
    expect(await page.getByRole('button', { name: /Delete \d/ }).count()).toBe(0);

    // One of two deletions fails: the error toast, and only the failed row stays selected.
    const [kept, gone] = left.slice(0, 2);
    const keptId = await page.getByRole('link', { name: kept }).getAttribute('href');
    await page.route(`**/api${keptId!.replace('/leetcode/review', '/leetcode-questions')}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }) : route.continue(),
    );
    await page.getByLabel(`Select ${kept}`).check();
    await page.getByLabel(`Select ${gone}`).check();
    await page.getByRole('button', { name: 'Delete 2' }).click();
    await page.getByText('Failed to delete question', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 21);
    expect(await page.getByLabel(`Select ${kept}`).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Delete 1' }).waitFor();
    await context.close();
  });

  it('sends an unknown question back to the list with "Woops!", and fits a phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await signUp(page, uniqueEmail('woops'));
    await seedQuestions(page, ['Valid Anagram']);
    await page.goto('/leetcode/review/00000000-0000-4000-8000-000000000000');
    await page.getByText('Could not find this question, sorry.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    expect(await page.getByRole('columnheader', { name: /Ret\./ }).isVisible()).toBe(false);
    await screenshot(page, 'problem-review-phone');
    await page.getByTestId('question-row').first().click();
    await page.getByRole('heading', { name: 'Valid Anagram' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'review-phone');
    await context.close();
  });
});
