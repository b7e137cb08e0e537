import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signIn, signUp, uniqueEmail } from './browser';

/** Creates questions through the API with the signed-in user's token (faster than 25 dialogs). */
async function seedQuestions(page: Page, titles: string[], tags: string[] = []) {
  await page.evaluate(
    async ({ names, tags }) => {
      const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
      for (const [i, title] of names.entries()) {
        const res = await fetch('/api/leetcode-questions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, difficulty: ['Easy', 'Medium', 'Hard'][i % 3], tags: tags[i] ?? 'seeded' }),
        });
        if (res.status !== 201) throw new Error(`seeding failed: ${res.status}`);
      }
    },
    { names: titles, tags },
  );
}

const titles = (page: Page) => page.getByTestId('question-title').allTextContents();
/** A sort goes through the address (it is kept in the URL), so the table redraws a moment after the click. */
const titlesBecome = (page: Page, first: string, all?: string[]) =>
  page
    .waitForFunction(
      ({ first, all }) => {
        const shown = [...document.querySelectorAll('[data-testid=question-title]')].map((e) => e.textContent);
        return all ? JSON.stringify(shown) === JSON.stringify(all) : shown[0] === first;
      },
      { first, all },
      { timeout: 10_000 },
    )
    .catch(() => undefined);

describe('Problem Review (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('adds a problem, logs a review with two errors and sees the computed scores and the session', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('review'), { at: '/leetcode' });
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
    // The banner that promised a browser extension is gone (issue 38): nothing stands before the form.
    expect(await page.getByText(/browser extension/i).count()).toBe(0);

    await page.getByLabel('Errors').click();
    await page.getByRole('option', { name: /^Wrong Answer/ }).click();
    await page.getByRole('option', { name: /^Edge Case Missed/ }).click();
    // The open picker: a named listbox of options, both ticked.
    expect(await page.getByRole('listbox', { name: 'Error types' }).getByRole('option', { checked: true }).count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-errors-picker-desktop');
    await page.keyboard.press('Escape');
    await page.getByLabel('Submissions').fill('2');
    await page.getByLabel('Time (minutes)').fill('5');
    expect(await page.getByTestId('correctness').textContent()).toBe('20');
    expect(await page.getByTestId('confidence').textContent()).toBe('70');
    // Computed figures, not boxes that look editable.
    expect(await page.locator('#review-correctness, #review-confidence').evaluateAll((els) => els.map((e) => e.tagName))).toEqual(['OUTPUT', 'OUTPUT']);
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
    await page.route('**/api/leetcode-questions/*/session', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"upstream_unavailable","message":"down"}}' }),
    );
    await page.getByLabel('Submissions').fill('1');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Failed to create session', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/leetcode\/review\//);

    // Adding a problem fails the same way.
    await page.route('**/api/leetcode-questions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' })
        : route.continue(),
    );
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Three Sum');
    await page.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('Failed to create question', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('keeps a review typed when the session ended, and brings it back after signing in again and after a reload, until it is stored', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('expired');
    await signUp(page, email);
    await seedQuestions(page, ['Merge Intervals']);
    await page.goto('/leetcode');
    await page.getByTestId('question-row').first().click();
    await page.getByRole('heading', { name: 'Merge Intervals' }).waitFor();
    await page.getByLabel('Errors').click();
    await page.getByRole('option', { name: /^Runtime Error/ }).click();
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
    expect(await page.getByTestId('correctness').textContent()).toBe('70');
    // Kept in this browser until stored: a reload brings it back too.
    await page.reload();
    await page.getByRole('heading', { name: 'Merge Intervals' }).waitFor();
    expect(await page.getByLabel('Notes').inputValue()).toBe('Sorted by start, then merged');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Session recorded!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByTestId('total-reviews').filter({ hasText: '1' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('leetcode:review-draft:')))).toEqual([]);
    await context.close();
  });

  it('opens the most overdue problem from "Review next" (the failed one is due soonest)', async () => {
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
    await page.getByRole('link', { name: 'Review next' }).click();
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

    await page.getByLabel('Search titles and tags (comma-separated)').fill('alpha, beta');
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 1' }).waitFor();
    const found = await titles(page);
    expect(found).toHaveLength(10);
    expect(found.every((t) => t.startsWith('Alpha') || t.startsWith('Beta'))).toBe(true);
    await page.getByLabel('Search titles and tags (comma-separated)').fill('');

    await page.getByRole('button', { name: 'Title' }).click();
    await titlesBecome(page, 'Alpha Problem 01');
    expect((await titles(page))[0]).toBe('Alpha Problem 01');
    await page.getByRole('button', { name: 'Title' }).click();
    await titlesBecome(page, 'Omega Problem 25');
    expect((await titles(page))[0]).toBe('Omega Problem 25');
    await page.getByRole('button', { name: 'Difficulty' }).click();
    await page.waitForURL(/sort=difficulty/, { timeout: 10_000 }).catch(() => undefined);
    await page
      .waitForFunction(() => document.querySelector('[data-testid=question-row] [role=img]')?.getAttribute('aria-label') === 'Easy', null, { timeout: 10_000 })
      .catch(() => undefined);
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

    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '10' }).click();
    // Select-all picks the visible page and says so, then offers every row.
    await page.getByLabel('Select all rows on this page').check();
    await page.getByText('10 of 25 row(s) selected').waitFor();
    await page.getByText('All 10 problems on this page are selected.').waitFor();
    await page.getByRole('button', { name: 'Select all 25 problems' }).click();
    await page.getByText('25 of 25 row(s) selected').waitFor();
    await page.getByText('All 25 problems are selected.').waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByText('0 of 25 row(s) selected').waitFor();
    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '30' }).click();

    const doomed = (await titles(page)).slice(0, 3);
    for (const title of doomed) await page.getByLabel(`Select ${title}`).check();
    await screenshot(page, 'problem-table-selected');
    // Deleting asks first: Cancel keeps everything, Delete goes ahead.
    await page.getByRole('button', { name: 'Delete 3' }).click();
    await page.getByRole('alertdialog').getByText('Delete 3 problems?').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('question-row').count()).toBe(25);
    await page.getByRole('button', { name: 'Delete 3' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Question Deleted', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 22);
    const left = await titles(page);
    expect(left.some((t) => doomed.includes(t))).toBe(false);
    expect(await page.getByRole('button', { name: /Delete \d/ }).count()).toBe(0);

    // One of two deletions fails: the error toast, and only the failed row stays selected.
    const [kept, gone] = left.slice(0, 2);
    const keptId = await page.getByRole('link', { name: kept }).getAttribute('href');
    await page.route(`**/api${keptId!.replace('/leetcode/review', '/leetcode-questions')}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' })
        : route.continue(),
    );
    await page.getByLabel(`Select ${kept}`).check();
    await page.getByLabel(`Select ${gone}`).check();
    await page.getByRole('button', { name: 'Delete 2' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
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
    await page.getByTestId('question-row').waitFor();
    expect(await page.getByRole('columnheader', { name: /Ret\./ }).isVisible()).toBe(true);
    await screenshot(page, 'problem-review-phone');
    await page.getByTestId('question-row').first().click();
    await page.getByRole('heading', { name: 'Valid Anagram' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'review-phone');
    await context.close();
  });
  it('takes 11.9 minutes with one submission as confidence 75, and refuses a title already tracked', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('fraction'));
    await seedQuestions(page, ['Two Sum']);
    await page.goto('/leetcode');
    await page.getByRole('button', { name: 'Add New Problem' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('  two SUM ');
    await page.getByRole('button', { name: 'Add Problem' }).click();
    await page.getByText('You already track a problem with this title').waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByTestId('question-row').first().click();
    await page.getByRole('heading', { name: 'Two Sum' }).waitFor();
    // The contract's own messages, as typed.
    await page.getByLabel('Submissions').fill('11');
    await page.getByText('Submissions must be a whole number from 0 to 10').waitFor();
    await page.getByLabel('Time (minutes)').fill('-3');
    await page.getByText('Time must be a positive number of minutes').waitFor();
    await page.getByLabel('Submissions').fill('1');
    await page.getByLabel('Time (minutes)').fill('11.9');
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /must be/ })
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('confidence').textContent()).toBe('75');
    expect(await page.getByTestId('correctness').textContent()).toBe('100');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.getByText('Review #1 of Two Sum: correctness 100%, confidence 75%.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await context.close();
  });

  it('shows what is due today, filters and sorts by due, and paces reviews before an interview date', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('due'));
    await seedQuestions(page, ['Oldest Due', 'Newer Due', 'Reviewed Well']);
    await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const list: Array<{ id: string; title: string }> = await (await fetch('/api/leetcode-questions', { headers })).json();
      const q = list.find((x) => x.title === 'Reviewed Well')!;
      await fetch(`/api/leetcode-questions/${q.id}/session`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question_id: q.id, correctness: 0, confidence: 0, timer: 9, errors: [], submissions: 1 }),
      });
    });
    await page.goto('/leetcode');
    await page.getByTestId('due-today').filter({ hasText: 'Due today: 2' }).waitFor();
    const dueOf = async (title: string) => page.getByTestId('question-row').filter({ hasText: title }).getByTestId('question-due').textContent();
    expect(await dueOf('Oldest Due')).toBe('Today');
    expect(await dueOf('Reviewed Well')).toMatch(/^in \d+ days?$/);

    await page.getByRole('button', { name: 'Due today only' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 2);
    expect((await titles(page)).sort()).toEqual(['Newer Due', 'Oldest Due']);
    await page.getByRole('button', { name: 'Due today only' }).click();
    await page.getByRole('button', { name: 'Due', exact: true }).click();
    await titlesBecome(page, 'Oldest Due', ['Oldest Due', 'Newer Due', 'Reviewed Well']);
    expect(await titles(page)).toEqual(['Oldest Due', 'Newer Due', 'Reviewed Well']);
    await page.getByRole('button', { name: 'Due', exact: true }).click();
    await titlesBecome(page, 'Reviewed Well');
    expect((await titles(page))[0]).toBe('Reviewed Well');

    // Three problems, the interview the day after tomorrow: two days to review them all in.
    const { inTwoDays, tomorrow } = await page.evaluate(() => {
      const day = (offset: number) => {
        const d = new Date();
        d.setDate(d.getDate() + offset);
        return d;
      };
      const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      return { inTwoDays: iso(day(2)), tomorrow: day(1).toLocaleDateString(undefined, { day: 'numeric', month: 'short' }) };
    });
    await page.getByLabel('Interview date').fill(inTwoDays);
    await page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${tomorrow}` })
      .waitFor();
    await page.reload();
    await page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${tomorrow}` })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'problem-review-due-desktop');

    await page.getByRole('link', { name: 'Review next' }).click();
    await page.getByRole('heading', { name: 'Oldest Due' }).waitFor();
    await context.close();
  });

  it('keeps the interview date in the profile: set here, still there on another device, refused in the past, cleared', async () => {
    const email = uniqueEmail('interview-day');
    const first = await newPage(browser);
    await signUp(first.page, email);
    await seedQuestions(first.page, ['Two Sum', 'Valid Parentheses', 'Merge Intervals', 'LRU Cache', 'Word Ladder']);
    // Five problems, the interview in three days: three days (today included) to review them in.
    const { inThreeDays, lastDay, yesterday } = await first.page.evaluate(() => {
      const day = (offset: number) => {
        const d = new Date();
        d.setDate(d.getDate() + offset);
        return d;
      };
      const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      return { inThreeDays: iso(day(3)), lastDay: day(2).toLocaleDateString(undefined, { day: 'numeric', month: 'short' }), yesterday: iso(day(-1)) };
    });
    await first.page.goto('/leetcode');
    await first.page.getByTestId('pacing').filter({ hasText: 'Set it to pace every problem before the day.' }).waitFor();
    const saved = first.page.waitForResponse((r) => r.url().endsWith('/api/profile/interview-date'));
    await first.page.getByLabel('Interview date').fill(inThreeDays);
    // Any answer is awaited, so that a refusal fails here with its status rather than as a timeout.
    expect((await saved).status()).toBe(200);
    await first.page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${lastDay}` })
      .waitFor();
    await first.context.close();

    // Another device: a fresh browser context, nothing in its storage.
    const other = await newPage(browser, { width: 375, height: 800 });
    await signIn(other.page, email, { at: '/leetcode' });
    await other.page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${lastDay}` })
      .waitFor();
    expect(await other.page.getByLabel('Interview date').inputValue()).toBe(inThreeDays);
    expect(await other.page.evaluate(() => localStorage.getItem('leetcode:interview-date'))).toBeNull();

    await other.page.getByLabel('Interview date').fill(yesterday);
    await other.page.getByTestId('pacing').filter({ hasText: 'Interview date must be today or later' }).waitFor();
    expect(await seriousA11yViolations(other.page)).toEqual([]);
    await screenshot(other.page, 'problem-review-interview-date-phone');
    await other.page.reload();
    // The refused day was never saved.
    await other.page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${lastDay}` })
      .waitFor();

    const cleared = other.page.waitForResponse((r) => r.url().endsWith('/api/profile/interview-date') && r.status() === 200);
    await other.page.getByRole('button', { name: 'Clear' }).click();
    await cleared;
    await other.page.reload();
    await other.page.getByTestId('pacing').filter({ hasText: 'Set it to pace every problem before the day.' }).waitFor();
    expect(await other.page.getByLabel('Interview date').inputValue()).toBe('');

    // A date this browser kept before the profile did moves into the profile once.
    // Written where the app is not running (a file of its origin), as an older version of it left it.
    await other.page.goto('/favicon.svg');
    await other.page.evaluate((day) => localStorage.setItem('leetcode:interview-date', day), inThreeDays);
    const moved = other.page.waitForResponse((r) => r.url().endsWith('/api/profile/interview-date'));
    await other.page.goto('/leetcode');
    expect((await moved).status()).toBe(200);
    await other.page
      .getByTestId('pacing')
      .filter({ hasText: `2 reviews a day until ${lastDay}` })
      .waitFor();
    expect(await other.page.evaluate(() => localStorage.getItem('leetcode:interview-date'))).toBeNull();
    await other.context.close();
  });

  it('filters by ?tags= with a clearable chip', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('tags'));
    await seedQuestions(page, ['Clone Graph', 'Invert Tree', 'Two Sum'], ['Graphs,BFS', 'trees', 'Arrays']);
    await page.goto('/leetcode?tags=Graphs,Trees');
    await page.getByTestId('tag-filter').getByText('Graphs, Trees').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 2);
    expect((await titles(page)).sort()).toEqual(['Clone Graph', 'Invert Tree']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear tag filter' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 3);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('fits a phone: Ret. and the rows-per-page label stay, long titles wrap, Previous Sessions is readable and reachable', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await signUp(page, uniqueEmail('phone'));
    const long = `Longest${'Substring'.repeat(16)}`;
    await seedQuestions(page, [long]);
    await page.goto('/leetcode');
    await page.getByTestId('question-row').waitFor();
    expect(await page.getByRole('columnheader', { name: /Ret\./ }).isVisible()).toBe(true);
    expect(await page.getByText('Rows per page', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'problem-review-long-title-phone');

    await page.getByTestId('question-row').first().click();
    await page.getByLabel('Submissions').fill('2');
    await page.getByLabel('Time (minutes)').fill('7.5');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.getByTestId('question-row').first().click();
    const table = page.getByTestId('previous-sessions');
    await table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The headers are apart: each starts after the previous one ends.
    const boxes = await table.locator('th').evaluateAll((ths) =>
      ths.map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right + 4);
    const region = page.getByRole('region', { name: 'Previous sessions' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-long-title-phone');
    await context.close();
  });
});

describe('Pages around the app (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('gives every page its own tab title, the login page a level-one heading, and real Terms and Privacy pages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(await page.title()).toBe('Sign In · Thunderprep');
    await signUp(page, uniqueEmail('titles'));
    const seen = new Set<string>();
    for (const [path, heading, title] of [
      ['/leetcode', 'Problem Review', 'Problem Review · Thunderprep'],
      ['/features', 'Features', 'Features · Thunderprep'],
      ['/settings', null, 'Profile Settings · Thunderprep'],
      ['/terms', 'Terms of Service', 'Terms of Service · Thunderprep'],
      ['/privacy', 'Privacy Policy', 'Privacy Policy · Thunderprep'],
      ['/nowhere', '404 Not Found', '404 Not Found · Thunderprep'],
    ] as const) {
      await page.goto(path);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForFunction((t) => document.title === t, title);
      seen.add(await page.title());
    }
    expect(seen.size).toBe(6);

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await screenshot(page, 'privacy-desktop');
    await context.close();
  });

  it('shows "coming soon" on a Soon route typed directly, and Go Back on a fresh-tab 404 goes home', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('soon'));
    for (const [path, name] of [
      ['/sre', 'Operating Systems'],
      ['/implementathon', 'Implement-a-thon'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: `${name} is coming soon` }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'coming-soon-desktop');

    const fresh = await context.newPage();
    await fresh.goto('/no-such-page');
    await fresh.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await fresh.getByRole('button', { name: 'Go Back' }).click();
    await fresh.waitForURL((url) => url.pathname === '/');
    await fresh.getByRole('heading', { name: 'Never fail an interview again' }).waitFor();

    // Inside the app, Go Back still goes back.
    await fresh.goto('/leetcode');
    await fresh.getByRole('heading', { name: 'Problem Review' }).waitFor();
    await fresh.evaluate(() => window.history.pushState({ ...window.history.state, idx: 1 }, '', '/gone'));
    await fresh.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state })));
    await fresh.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await fresh.getByRole('button', { name: 'Go Back' }).click();
    await fresh.waitForURL((url) => url.pathname === '/leetcode');
    await context.close();
  });

  it('keeps the landing page bolt clear of the heading on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await signUp(page, uniqueEmail('landing'), { at: '/' });
    const heading = await page.getByRole('heading', { level: 1, name: 'Never fail an interview again' }).boundingBox();
    const bolt = await page.getByTestId('hero-bolt').boundingBox();
    const overlaps =
      bolt!.x < heading!.x + heading!.width &&
      heading!.x < bolt!.x + bolt!.width &&
      bolt!.y < heading!.y + heading!.height &&
      heading!.y < bolt!.y + bolt!.height;
    expect(overlaps).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'landing-phone');
    await context.close();
  });
});
