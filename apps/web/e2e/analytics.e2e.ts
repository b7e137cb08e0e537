import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

/** Adds questions and logs reviews through the API with the signed-in user's token. */
async function seed(page: Page, questions: Array<{ title: string; difficulty: string; tags: string; reviews: Array<[number, number, number]> }>) {
  await page.evaluate(async (list) => {
    const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    for (const q of list) {
      const res = await fetch('/api/leetcode-questions', {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: q.title, difficulty: q.difficulty, tags: q.tags }),
      });
      const { data } = await res.json();
      for (const [correctness, confidence, timer] of q.reviews) {
        await fetch(`/api/leetcode-questions/${data.id}/session`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ question_id: data.id, correctness, confidence, timer, notes: null }),
        });
      }
    }
  }, questions);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('Analytics (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('says there is nothing to chart yet for a new candidate, on a desktop and a phone, in both themes', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('analytics-empty'), { at: '/' });
    await page.getByRole('link', { name: /Readiness analytics/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('Nothing to chart yet').waitFor();
    expect(await page.title()).toBe('Analytics · Thunderprep');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-empty-desktop');
    await context.close();

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await newPage(browser, { width: 375, height: 812 }, scheme);
      await signUp(phone.page, uniqueEmail('analytics-empty-phone'), { at: '/analytics' });
      await phone.page.getByText('Nothing to chart yet').waitFor();
      expect(await fitsWidth(phone.page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await phone.context.close();
    }
  });

  it('charts the candidate’s own reviews, says each chart in words, and moves after a review', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('analytics'));
    await seed(page, [
      {
        title: 'Two Sum',
        difficulty: 'Easy',
        tags: 'Arrays,Hash Table',
        reviews: [
          [100, 80, 10],
          [60, 40, 30],
        ],
      },
      { title: 'Valid Anagram', difficulty: 'Easy', tags: 'Hash Table,Strings', reviews: [[40, 20, 20]] },
      { title: 'Course Schedule', difficulty: 'Medium', tags: 'Graphs', reviews: [[100, 100, 12]] },
      { title: 'Clone Graph', difficulty: 'Hard', tags: 'Graphs', reviews: [] },
    ]);
    await page.goto('/analytics');
    await page.getByTestId('heatmap-summary').filter({ hasText: '4 reviews in the last 12 weeks, on 1 day.' }).waitFor();
    expect(await page.getByTestId('retention-summary').textContent()).toBe('Retention of 4 problems: 1 not reviewed, 1 at 20–39%, 1 at 60–79%, 1 at 80–100%.');
    expect(await page.getByTestId('minutes-summary').textContent()).toBe('Average time per review: Easy 20 min, Medium 12 min, Hard no reviews yet.');
    expect(await page.getByTestId('weakest-summary').textContent()).toBe('Lowest mean retention: Hash Table 47%, Graphs 100%.');
    expect(await page.getByTestId('forecast-summary').textContent()).toMatch(/^1 due today, 4 over the next 14 days\./);
    expect(await page.locator('[data-testid=heatmap] [data-reviews]').count()).toBe(84);
    expect(await page.locator('[data-testid=heatmap] [data-reviews="4"]').count()).toBe(1);
    // The charts' code comes after the figures (analytics-page.tsx): their bars follow.
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-desktop');

    // The weakest tag leads to its problems.
    await page.getByRole('link', { name: 'Hash Table' }).click();
    await page.waitForURL((url) => url.pathname === '/leetcode' && url.search === '?tags=Hash%20Table');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=question-row]').length === 2);

    // The readiness summary is made of the same numbers.
    await page.getByRole('button', { name: 'Interview Readiness Summary' }).click();
    const readiness = page.getByTestId('readiness');
    await readiness.getByText('1 problem due today; weakest tag Hash Table at 47% retention').waitFor();
    await readiness.getByText('0 mock interviews done').waitFor();
    await readiness.getByText('4 reviews in the last 7 days, on 1 day').waitFor();
    await readiness.getByText("No System Design problems tracked yet: tag one 'System Design'").waitFor();

    // One more review, and /analytics moves.
    await page.getByRole('button', { name: 'Clear tag filter' }).click();
    await page.getByRole('link', { name: 'Clone Graph' }).click();
    await page.getByLabel('Submissions').fill('1');
    await page.getByLabel('Time (minutes)').fill('15');
    await page.getByRole('button', { name: 'Log Review' }).click();
    await page.waitForURL((url) => url.pathname === '/leetcode');
    await page.goto('/analytics');
    await page.getByTestId('heatmap-summary').filter({ hasText: '5 reviews in the last 12 weeks, on 1 day.' }).waitFor();
    expect(await page.getByTestId('minutes-summary').textContent()).toBe('Average time per review: Easy 20 min, Medium 12 min, Hard 15 min.');
    await context.close();

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await newPage(browser, { width: 375, height: 812 }, scheme);
      await signUp(phone.page, uniqueEmail('analytics-phone'));
      await seed(phone.page, [
        { title: 'Word Ladder', difficulty: 'Hard', tags: 'Graphs,BFS', reviews: [[70, 60, 40]] },
        { title: 'Number of Islands', difficulty: 'Medium', tags: 'Graphs,BFS', reviews: [[90, 100, 15]] },
      ]);
      await phone.page.goto('/analytics');
      await phone.page.getByTestId('heatmap-summary').filter({ hasText: '2 reviews' }).waitFor();
      await phone.page.locator('.recharts-bar-rectangle').first().waitFor();
      expect(await fitsWidth(phone.page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await screenshot(phone.page, `analytics-phone-${scheme}`);
      await phone.context.close();
    }
  });
});
