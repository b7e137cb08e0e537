import { Browser, BrowserContext, Page } from 'playwright-core';
import { fixtureAsPage, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

// Issue 26 item 4: reports that teach (what was asked, most asked questions, helpful marks), each at 1280 and 375 px with axe.
jest.setTimeout(240_000);

const run = Date.now().toString(36);
const company = `Depth Co ${run}`;
const widths = [1280, 375] as const;

interface Card {
  id: string;
  outcome: string | null;
  rounds: Array<{ asked: string | null; problems: string[] }>;
  helpful_count: number;
}

const noSeriousViolations = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);

describe('Interview reports that teach (issue 26 item 4, Chromium)', () => {
  let browser: Browser;
  let author: { context: BrowserContext; page: Page };
  let reader: { context: BrowserContext; page: Page };
  let companyId: string;
  const reports = () => fixtureAsPage<Card[]>(author.page, 'GET', `/api/candidate-interviews?company=${encodeURIComponent(company)}&limit=100`);

  beforeAll(async () => {
    browser = await launch();
    author = await newPage(browser);
    reader = await newPage(browser);
    await signUp(author.page, uniqueEmail('depth-author'));
    await signUp(reader.page, uniqueEmail('depth-reader'));
    companyId = (await fixtureAsPage<{ data: { id: string } }>(author.page, 'POST', '/api/all-companies', { name: company })).data.id;
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', {
      company_id: companyId,
      outcome: 'offer',
      interview_process: [{ round: 'Leetcode (DSA)', asked: 'Two warm-ups, then a cache.', problems: ['Two Sum', 'LRU Cache'] }],
    });
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', {
      company_id: companyId,
      outcome: 'rejected',
      interview_process: [{ round: 'Leetcode (DSA)', problems: ['two sum'] }],
    });
  });
  afterAll(async () => {
    await author.context.close();
    await reader.context.close();
    await browser.close();
  });

  it('takes what was asked and the problems per round in the form, and shows them on the card', async () => {
    const { page } = author;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews/${encodeURIComponent(company)}`);
      await page.getByRole('button', { name: 'Add new experience' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Company').click();
      await page.getByPlaceholder('Search companies...').fill(company);
      await page.getByRole('option', { name: company }).click();
      await dialog.getByLabel('Round 1 category').click();
      await page.getByRole('option', { name: 'System Design' }).click();
      const asked = `Design a URL shortener at ${width} px.`;
      await dialog.getByLabel('Round 1: what was asked').fill(asked);
      const problems = dialog.getByRole('textbox', { name: 'Round 1: problems asked' });
      await problems.fill('Merge   Intervals');
      await problems.press('Enter');
      await problems.fill(`Design Twitter ${width}`);
      await problems.press('Enter');
      await dialog.getByRole('list', { name: 'Round 1: problems asked' }).getByText('Merge Intervals').waitFor();
      await dialog.getByRole('button', { name: `Remove Design Twitter ${width}` }).click();
      await noSeriousViolations(page);
      await screenshot(page, `interview-depth-form-${width}`);

      await dialog.getByRole('button', { name: 'Preview my submission' }).click();
      const preview = dialog.getByTestId('interview-preview');
      await preview.getByText('What was asked').click();
      await preview.getByText(asked).waitFor();
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Interview Created', { exact: true }).first().waitFor();

      const stored = (await reports()).find((r) => r.rounds[0]?.asked === asked);
      expect(stored?.rounds[0]).toMatchObject({ asked, problems: ['Merge Intervals'] });
      const card = page
        .getByTestId('interview-card')
        .filter({ has: page.getByTestId('card-asked') })
        .first();
      await card.getByText('What was asked').click();
      await card.getByText(asked).waitFor();
      await noSeriousViolations(page);
    }
  });

  it("lists the company's most asked questions, each added to Problem Review in one step, as the catalogue knows it", async () => {
    const { page } = reader;
    const added: Record<number, string> = { 1280: 'Two Sum', 375: 'LRU Cache' };
    const difficulty: Record<number, string> = { 1280: 'Easy', 375: 'Medium' };
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews/${encodeURIComponent(company)}`);
      const list = page.getByRole('list', { name: 'Most asked questions' });
      // The page's first load on a busy machine can take long: wait for the list with room to spare.
      const twoSum = list.getByRole('listitem').filter({ hasText: 'Two Sum' });
      await twoSum.waitFor({ timeout: 90_000 });
      expect(await twoSum.textContent()).toContain('2 reports');
      // No "How hard is it?": the catalogue's difficulty and tags are taken.
      await page.getByRole('button', { name: `Add ${added[width]} to Problem Review` }).click();
      await page.getByText(`${added[width]} (${difficulty[width]})`, { exact: true }).first().waitFor();
      expect(await page.getByText('How hard is it?').count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `interview-depth-top-questions-${width}`);
      const tracked = await fixtureAsPage<Array<{ title: string; difficulty: string; tags: string | null }>>(page, 'GET', '/api/leetcode-questions');
      const entry = tracked.find((q) => q.title === added[width]);
      expect(entry).toMatchObject({ difficulty: difficulty[width], tags: expect.stringMatching(/\w/) });
    }
  });

  it('marks a report helpful once and takes the mark back, and sorts by helpful', async () => {
    const { page } = reader;
    const rejected = (await reports()).find((r) => r.outcome === 'rejected')!;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews/${encodeURIComponent(company)}`);
      const card = page.locator('[data-testid="interview-card"][data-outcome="rejected"]');
      const helpful = card.getByRole('button', { name: /Helpful/ });
      // The card shows the mark at once; the server's answer follows.
      const marked = page.waitForResponse((r) => r.url().endsWith(`/api/candidate-interviews/${rejected.id}/helpful`) && r.request().method() === 'PUT');
      await helpful.click();
      await card.locator('[data-testid="card-helpful"][aria-pressed="true"]').waitFor();
      expect(await helpful.textContent()).toContain('1');
      expect((await marked).status()).toBe(200);
      expect((await reports()).find((r) => r.id === rejected.id)?.helpful_count).toBe(1);

      await page.getByRole('combobox', { name: 'Sort interviews' }).click();
      await page.getByRole('option', { name: 'Most helpful' }).click();
      await page.waitForURL(/sort=helpful/);
      await page.getByTestId('interview-card').first().locator('[data-testid="card-helpful"][aria-pressed="true"]').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `interview-depth-helpful-${width}`);

      const unmarked = page.waitForResponse((r) => r.url().endsWith(`/api/candidate-interviews/${rejected.id}/helpful`) && r.request().method() === 'DELETE');
      await page
        .getByTestId('interview-card')
        .first()
        .getByRole('button', { name: /Helpful/ })
        .click();
      await card.locator('[data-testid="card-helpful"][aria-pressed="false"]').waitFor();
      expect((await unmarked).status()).toBe(200);
      expect((await reports()).find((r) => r.id === rejected.id)?.helpful_count).toBe(0);
    }
  });
});
