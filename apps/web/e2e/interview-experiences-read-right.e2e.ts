import { Browser, BrowserContext, Page } from 'playwright-core';
import { fixtureAsPage, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

// Issue 22 item 6: interview experiences that read right, each at 1280 and 375 px with axe.
const run = Date.now().toString(36);
const company = `Read Right ${run}`;
const solo = `Solo Bars ${run}`;
const widths = [1280, 375] as const;
const earlyCareer = 'Early Career (L4, E3, IC1, SDE I)';

const noSeriousViolations = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);
const cardOf = (page: Page, outcome: string) => page.locator(`[data-testid="interview-card"][data-outcome="${outcome}"]`).first();

/** How many lines the text `part` (inside `selector`) takes in the page as laid out. */
const linesOf = (page: Page, selector: string, part: string) =>
  page.evaluate(
    ({ selector, part }) => {
      const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
      const nodes: Array<{ node: Node; start: number }> = [];
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node, start: text.length });
        text += node.textContent;
      }
      const at = text.indexOf(part);
      if (at < 0) throw new Error(`"${part}" not in ${selector}: ${text}`);
      // The text node holding an offset, and the offset within it.
      const locate = (offset: number, end: boolean): [Node, number] => {
        const hit = nodes.filter((x) => (end ? x.start < offset : x.start <= offset)).pop()!;
        return [hit.node, offset - hit.start];
      };
      const range = document.createRange();
      range.setStart(...locate(at, false));
      range.setEnd(...locate(at + part.length, true));
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    },
    { selector, part },
  );

describe('Interview experiences read right (issue 22 item 6, Chromium)', () => {
  let browser: Browser;
  let author: { context: BrowserContext; page: Page };
  let reader: { context: BrowserContext; page: Page };
  let username: string;
  let companyId: string;

  beforeAll(async () => {
    browser = await launch();
    author = await newPage(browser);
    reader = await newPage(browser);
    await signUp(author.page, uniqueEmail('read-right-author'));
    await signUp(reader.page, uniqueEmail('read-right-reader'));
    username = (await fixtureAsPage<{ username: string }>(author.page, 'GET', '/api/profile')).username;
    companyId = (await fixtureAsPage<{ data: { id: string } }>(author.page, 'POST', '/api/all-companies', { name: company })).data.id;
    const soloId = (await fixtureAsPage<{ data: { id: string } }>(author.page, 'POST', '/api/all-companies', { name: solo })).data.id;
    const rounds = [{ round: 'Recruiter Call', round_date_str: '2024-05-01' }];
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', {
      company_id: companyId,
      level: earlyCareer,
      title: 'Engineering Manager',
      interview_process: rounds,
      outcome: 'rejected',
      show_username: true,
    });
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', { company_id: companyId, interview_process: rounds, outcome: 'offer' });
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', {
      company_id: soloId,
      level: 'Intern',
      interview_process: [{ round: 'System Design', round_date_str: '2024-04-02' }],
      topics: ['Graph'],
      outcome: 'ongoing',
    });
  });
  afterAll(async () => {
    await author.context.close();
    await reader.context.close();
    await browser.close();
  });

  it('says the same outcome words in the form, the filter and the cards', async () => {
    const { page } = reader;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews?company=${encodeURIComponent(company)}`);
      await cardOf(page, 'rejected').getByText('No offer', { exact: true }).waitFor();
      expect(
        await cardOf(page, 'offer')
          .getByText(/Offer$/)
          .textContent(),
      ).toBe('🎉Offer');

      await page.getByTestId('filter-button').click();
      const outcomes = page.getByRole('group', { name: 'Outcome' }).getByRole('option');
      expect(await outcomes.allTextContents()).toEqual(['Ongoing', 'No offer', 'Offer', 'Accepted']);
      await noSeriousViolations(page);
      await screenshot(page, `read-right-outcome-filter-${width}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add new experience' }).click();
      const outcome = page.getByRole('dialog').getByRole('group', { name: 'Outcome' });
      expect(await outcome.getByRole('button').allTextContents()).toEqual(['Ongoing', 'No offer', 'Offer']);
      await noSeriousViolations(page);
      await page.keyboard.press('Escape');
    }
  });

  it('previews the card as others will see it, with Publish and Edit, and publishes only on Publish', async () => {
    const { page } = author;
    const count = async () => (await fixtureAsPage<unknown[]>(page, 'GET', `/api/candidate-interviews?company=${encodeURIComponent(company)}`)).length;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/candidate-interviews');
      const before = await count();
      await page.getByRole('button', { name: 'Add new experience' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Company').click();
      await page.getByPlaceholder('Search companies...').fill(company);
      await page.getByRole('option', { name: company }).click();
      await dialog.getByLabel('Location').fill(`Lisbon ${width}`);
      await dialog.getByLabel('Round 1 category').click();
      await page.getByRole('option', { name: 'Behavioural' }).click();
      await dialog.getByLabel('Round 1 date').fill('2024-06-12');
      await dialog.getByRole('button', { name: 'No offer', exact: true }).click();
      await dialog.getByRole('button', { name: 'Preview my submission' }).click();

      const preview = dialog.getByTestId('interview-preview');
      await preview.waitFor();
      const card = preview.getByTestId('interview-card');
      expect(await card.getByTestId('card-location').textContent()).toBe(`Lisbon ${width}`);
      expect(await card.getByTestId('card-author').textContent()).toBe('Some Candidate');
      // Others get the month only.
      expect(await card.getByTestId('card-completed').textContent()).toBe('Completed on June 2024');
      await card.getByText('No offer', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Publish' }).waitFor();
      expect(await count()).toBe(before);
      await noSeriousViolations(page);
      await screenshot(page, `read-right-preview-${width}`);

      // Edit goes back with everything kept; the preview follows the change.
      await dialog.getByRole('button', { name: 'Edit' }).click();
      expect(await dialog.getByLabel('Location').inputValue()).toBe(`Lisbon ${width}`);
      await dialog.getByLabel('Show my username').click();
      await dialog.getByRole('button', { name: 'Preview my submission' }).click();
      expect(await preview.getByTestId('card-author').textContent()).toBe(username);
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Interview Created', { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await count()).toBe(before + 1);
    }
  });

  it('shows "Some Candidate" unless the author ticked "Show my username" (off by default); the author always sees their own', async () => {
    for (const width of widths) {
      await reader.page.setViewportSize({ width, height: 800 });
      await reader.page.goto(`/candidate-interviews?company=${encodeURIComponent(company)}`);
      expect(await cardOf(reader.page, 'rejected').getByTestId('card-author').textContent()).toBe(username);
      expect(await cardOf(reader.page, 'offer').getByTestId('card-author').textContent()).toBe('Some Candidate');
      await reader.page.getByRole('button', { name: 'Add new experience' }).click();
      expect(await reader.page.getByRole('dialog').getByRole('checkbox', { name: 'Show my username' }).getAttribute('aria-checked')).toBe('false');
      await noSeriousViolations(reader.page);
      await screenshot(reader.page, `read-right-username-form-${width}`);
      await reader.page.keyboard.press('Escape');

      await author.page.setViewportSize({ width, height: 800 });
      await author.page.goto(`/candidate-interviews?company=${encodeURIComponent(company)}`);
      await cardOf(author.page, 'offer').getByTestId('card-author').getByText(`${username} (you)`).waitFor();
      expect(await cardOf(author.page, 'offer').getByTestId('card-author').textContent()).toBe(`${username} (you) · shown to others as Some Candidate`);
      await noSeriousViolations(author.page);
      await screenshot(author.page, `read-right-username-author-${width}`);
    }
  });

  it('keeps the company filter in the URL by name, and turns an old company_id link into the name', async () => {
    const { page } = reader;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/candidate-interviews');
      await page.getByRole('combobox', { name: 'Company: all companies' }).click();
      await page.getByPlaceholder('Search companies...').fill(company);
      await page.getByRole('option', { name: company }).click();
      await page.waitForURL((url) => url.searchParams.get('company') === company);
      expect(new URL(page.url()).searchParams.has('company_id')).toBe(false);
      await page.reload();
      await page.getByRole('combobox', { name: `Company: ${company}` }).waitFor();
      await cardOf(page, 'rejected').waitFor();
      expect(await page.getByTestId('card-company').allTextContents()).toEqual(expect.arrayContaining([company]));
      expect(new Set(await page.getByTestId('card-company').allTextContents())).toEqual(new Set([company]));

      await page.goto(`/candidate-interviews?company_id=${companyId}&outcome=rejected`);
      await page.waitForURL((url) => url.searchParams.get('company') === company && !url.searchParams.has('company_id'));
      expect(new URL(page.url()).searchParams.get('outcome')).toBe('rejected');
      await page.getByRole('combobox', { name: `Company: ${company}` }).waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `read-right-company-url-${width}`);
    }
  });

  it('searches what was asked, with the filters, marks the words matched and says what found nothing (issue 38 item 7)', async () => {
    const word = `quokka${run}`;
    await fixtureAsPage(author.page, 'POST', '/api/candidate-interviews', {
      company_id: companyId,
      outcome: 'offer',
      interview_process: [{ round: 'System Design', asked: `Design a ${word} rate limiter for the public API`, problems: ['LRU Cache'] }],
    });
    const { page } = reader;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/candidate-interviews?company=${encodeURIComponent(company)}`);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search what was asked' });
    await box.fill(`${word} limiting`);
    await page.waitForURL((url) => url.searchParams.get('q') === `${word} limiting` && url.searchParams.get('company') === company);
    await page.getByRole('status').getByText(`1 interview matches “${word} limiting”`).waitFor();
    expect(await page.getByTestId('card-snippet').locator('mark').allTextContents()).toEqual([word, 'limiter']);
    await noSeriousViolations(page);
    await screenshot(page, 'read-right-search-1280');

    await box.fill(`${word} kubernetes`);
    await page.getByRole('status').getByText(`No interviews match “${word} kubernetes” with your filters.`, { exact: false }).waitFor();
    await page.reload();
    expect(await box.inputValue()).toBe(`${word} kubernetes`);
    await noSeriousViolations(page);
  });

  it('never wraps a level name inside a token', async () => {
    const { page } = reader;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews?company=${encodeURIComponent(company)}&level=${encodeURIComponent(earlyCareer)}`);
      await cardOf(page, 'rejected').waitFor();
      expect(await linesOf(page, '[data-outcome="rejected"] [data-testid="card-role"]', '(L4, E3, IC1, SDE I)')).toBe(1);
      await page.getByTestId('filter-button').click();
      const option = page.getByRole('option', { name: earlyCareer });
      await option.waitFor();
      expect(await linesOf(page, '[role="option"][data-value^="level:Early Career"]', '(L4, E3, IC1, SDE I)')).toBe(1);
      await noSeriousViolations(page);
      await screenshot(page, `read-right-levels-${width}`);
      await page.keyboard.press('Escape');
    }
  });

  it('draws a single count as a readable bar, with its number', async () => {
    const { page } = reader;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/candidate-interviews/${encodeURIComponent(solo.toLowerCase().replace(/\s+/g, '-'))}`);
      const rounds = page.getByRole('list', { name: 'Rounds per category' });
      await rounds.waitFor();
      expect(await rounds.getByRole('listitem').allTextContents()).toEqual(['System Design1']);
      for (const label of ['Rounds per category', 'Most asked topics', 'Interviews per level']) {
        const bar = await page
          .getByRole('list', { name: label })
          .locator('li [aria-hidden] > div')
          .first()
          .evaluate((el) => {
            const own = el.getBoundingClientRect();
            const track = el.parentElement!.getBoundingClientRect();
            return { share: own.width / track.width, width: own.width, height: own.height };
          });
        // The whole track (the largest count), not a square of a few pixels.
        expect(bar.share).toBeGreaterThan(0.99);
        expect(bar.width).toBeGreaterThan(100);
      }
      await noSeriousViolations(page);
      await screenshot(page, `read-right-bars-${width}`);
    }
  });
});
