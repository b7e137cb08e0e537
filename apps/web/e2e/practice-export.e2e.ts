import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

// A whole session (or an export and two imports) through a loaded machine's stack.
jest.setTimeout(240_000);

/** Tracks problems and logs one review through the API with the signed-in candidate's token. */
const seed = (page: Page) =>
  page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const ids: string[] = [];
    for (const title of ['Two Sum', '=HYPERLINK("http://evil.example")']) {
      const res = await fetch('/api/leetcode-questions', { method: 'POST', headers, body: JSON.stringify({ title, difficulty: 'Easy', tags: 'arrays' }) });
      ids.push((await res.json()).data.id);
    }
    const review = { question_id: ids[0], correctness: 90, confidence: 80, timer: 9, notes: 'clean', grade: 'good' };
    const res = await fetch(`/api/leetcode-questions/${ids[0]}/session`, { method: 'POST', headers, body: JSON.stringify(review) });
    if (res.status !== 201) throw new Error(`review failed: ${res.status}`);
  });

/** Clicks an export button and answers the saved file's name and text. */
async function exportFile(page: Page, name: string): Promise<{ filename: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name }).click()]);
  return { filename: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

const csvFile = (text: string) => ({ name: 'problems.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('Problem Review export and import (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('exports problems and sessions as CSV and JSON, and imports a CSV, naming bad rows (1280 px)', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('export'));
    await seed(page);
    await page.goto('/leetcode');
    await page.getByRole('button', { name: 'Export / Import' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Export and import' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'practice-export-desktop');

    const problems = await exportFile(page, 'Export problems as CSV');
    expect(problems.filename).toBe('problems.csv');
    const lines = problems.text.split('\r\n');
    expect(lines[0]).toBe('title,difficulty,tags,created_at,session_count,last_solved_at,due_at,retention');
    expect(lines[1].startsWith('Two Sum,Easy,arrays,')).toBe(true);
    // A spreadsheet would run this title as a formula: it leaves with an apostrophe in front.
    expect(lines[2].startsWith(`"'=HYPERLINK(""http://evil.example"")",Easy,arrays,`)).toBe(true);
    const sessions = await exportFile(page, 'Export review sessions as JSON');
    expect(sessions.filename).toBe('sessions.json');
    expect(JSON.parse(sessions.text)).toEqual([
      expect.objectContaining({ problem: 'Two Sum', correctness: 90, confidence: 80, grade: 'good', notes: 'clean' }),
    ]);

    await dialog.getByLabel('CSV file').setInputFiles(csvFile('title,difficulty,tags\nHouse Robber,Medium,dp\n,Easy,\nWord Break,Impossible,\n'));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByTestId('import-result').filter({ hasText: 'Nothing was imported.' }).waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('import-problems').getByRole('listitem').allTextContents()).toEqual([
      'Row 3: Title is required',
      'Row 4: Difficulty "Impossible" is not one of Easy, Medium, Hard',
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'practice-import-errors-desktop');

    await dialog.getByLabel('CSV file').setInputFiles(csvFile('title,difficulty,tags\nHouse Robber,Medium,dp\ntwo sum,Easy,\nWord Break,hard,"dp, strings"\n'));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByTestId('import-result').filter({ hasText: 'Imported 2 problems, 1 skipped (already tracked or repeated)' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('question-title').filter({ hasText: 'Word Break' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('question-title').filter({ hasText: 'House Robber' }).waitFor();
    await context.close();
  });

  it('refuses a CSV over 100 KB, saying the limit, and fits a phone (375 px)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await signUp(page, uniqueEmail('import'), { at: '/leetcode' });
    await page.getByRole('button', { name: 'Export / Import' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Export and import' });
    await dialog.waitFor();
    const huge = `title,difficulty\n${Array.from({ length: 6000 }, (_, i) => `Problem number ${i},Easy`).join('\n')}\n`;
    await dialog.getByLabel('CSV file').setInputFiles(csvFile(huge));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByTestId('import-problems').filter({ hasText: '100 KB' }).waitFor({ timeout: 60_000 });
    await dialog.getByTestId('import-result').filter({ hasText: 'Nothing was imported.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'practice-import-phone');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByText('You have not solved any problems yet.').first().waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(0);
    await context.close();
  });

  it('makes a private calendar address that serves ICS without a session, replaces it and turns it off (1280 and 375 px)', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('calendar'));
    await seed(page);
    await page.goto('/leetcode');
    await page.getByRole('button', { name: 'Calendar' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
    await dialog.getByTestId('calendar-status').filter({ hasText: 'No calendar address yet.' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Make my address' }).click();
    const first = await dialog.getByLabel('Your private address').inputValue({ timeout: 60_000 });
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/leetcode-questions\/calendar\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByTestId('calendar-status').filter({ hasText: 'Your private address is on' }).waitFor({ timeout: 60_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-feed-desktop');

    // A calendar app has no session: the address alone is enough.
    const anonymous = await browser.newContext();
    const ics = await anonymous.request.get(first);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = (await ics.text()).replace(/\r\n /g, '');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('SUMMARY:Review 1 problem\r\n');

    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await page.waitForFunction((old) => (document.querySelector('#calendar-address') as HTMLInputElement | null)?.value !== old, first, { timeout: 60_000 });
    const second = await dialog.getByLabel('Your private address').inputValue();
    expect((await anonymous.request.get(first)).status()).toBe(404);
    expect((await anonymous.request.get(second)).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByTestId('calendar-status').filter({ hasText: 'No calendar address yet.' }).waitFor({ timeout: 60_000 });
    expect((await anonymous.request.get(second)).status()).toBe(404);
    await anonymous.close();

    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByRole('button', { name: 'Make my address' }).click();
    await dialog.getByLabel('Your private address').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-feed-phone');
    await context.close();
  });
});
