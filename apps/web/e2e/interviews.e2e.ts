import { Browser, Page } from 'playwright-core';
import { fixtureAsPage, launch, newPage, ownStack, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

const run = Date.now().toString(36);
const newCompany = `Thunder Labs ${run}`;

/** Interviews shared through the API with the signed-in user's token (faster than dialogs). */
async function seed(page: Page, interviews: Array<Record<string, unknown> & { company: string; accept?: boolean }>) {
  await page.evaluate(async (items) => {
    const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const companies: Array<{ id: string; name: string }> = await (await fetch('/api/all-companies', { headers })).json();
    for (const { company, accept, ...body } of items) {
      const companyId = companies.find((c) => c.name === company)!.id;
      const res = await fetch('/api/candidate-interviews', { method: 'POST', headers, body: JSON.stringify({ company_id: companyId, ...body }) });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      if (accept) {
        const { data } = await res.json();
        await fetch(`/api/candidate-interviews/${data.id}`, { method: 'PATCH', headers, body: JSON.stringify({ outcome: 'accepted' }) });
      }
    }
  }, interviews);
}

// The board as the first candidate to share sees it: empty.
ownStack();

const cards = (page: Page) => page.getByTestId('interview-card');

/** Waits until the list shows exactly n cards (the list refetches after every filter change). */
async function expectCards(page: Page, n: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const count = await cards(page).count();
    const empty = await page.getByText('No interviews found matching your filters').count();
    if ((n === 0 && empty === 1) || (n > 0 && count === n && (await page.getByRole('status', { name: 'Loading interviews' }).count()) === 0)) return;
    if (Date.now() > deadline) throw new Error(`expected ${n} cards, saw ${count}`);
    await page.waitForTimeout(100);
  }
}

const badge = async (page: Page) => ((await page.getByTestId('filter-count').count()) ? await page.getByTestId('filter-count').textContent() : null);

async function tick(page: Page, label: string) {
  await page.getByTestId('filter-button').click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
}

const tomorrow = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);

describe('Interview Experiences (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('shares an interview with a new company and three rounds, filters, clears, and leads to a company and its practice', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('interviews'), { at: '/candidate-interviews' });
    await page.getByRole('heading', { name: 'Interview Experiences' }).waitFor();
    await page.getByText('No interviews shared yet. Be the first to add yours.').waitFor();

    // The dialog: every field of the spec, its hints and its messages.
    await page.getByRole('button', { name: 'Add new experience' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Share your interview experience to help others prepare better.').waitFor();
    await dialog.getByText('Exact round dates are never shown publicly', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Remove round 1' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Preview my submission' }).click();
    await dialog.getByText('Choose a company', { exact: true }).waitFor();

    await dialog.getByLabel('Company').click();
    await page.getByPlaceholder('Search companies...').fill(newCompany);
    await page.getByRole('option', { name: `Add "${newCompany}" as a new company` }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByRole('combobox', { name: 'Company' }).filter({ hasText: newCompany }).waitFor();

    await dialog.getByLabel('Level').click();
    await page.getByRole('option', { name: 'Senior (L6, E5, IC3, SDE III)' }).click();
    await dialog.getByLabel('Title').click();
    await page.getByRole('option', { name: 'Software Engineer' }).click();
    await dialog.getByLabel('Location').fill('Berlin');

    const rounds: Array<[string, string]> = [
      ['Recruiter Call', '2024-03-01'],
      ['Leetcode (DSA)', '2024-03-08'],
      ['System Design', tomorrow()],
    ];
    for (const [i, [category, date]] of rounds.entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Add round' }).click();
      await dialog.getByLabel(`Round ${i + 1} category`).click();
      await page.getByRole('option', { name: category, exact: true }).click();
      await dialog.getByLabel(`Round ${i + 1} date`).fill(date);
    }
    expect(await dialog.getByTestId('round-row').count()).toBe(3);
    expect(await dialog.getByRole('button', { name: 'Remove round 1' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Offer', exact: true }).click();
    await dialog.getByLabel('Topics').click();
    await page.getByPlaceholder('Search topics...').fill('Quantum');
    await page.getByText('No topic found.').waitFor();
    // Shown by the spec's word, found by the catalogue's tag too.
    await page.getByPlaceholder('Search topics...').fill('depth');
    await page.getByRole('option', { name: 'DFS', exact: true }).waitFor();
    await page.getByPlaceholder('Search topics...').fill('');
    for (const topic of ['Graphs', 'Trees', 'Dynamic Programming', 'Arrays']) await page.getByRole('option', { name: topic, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Preview my submission' }).click();
    await dialog.getByText('Round dates cannot be in the future').waitFor();
    await dialog.getByLabel('Round 3 date').fill('2024-03-20');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'interviews-dialog-desktop');
    await dialog.getByRole('button', { name: 'Preview my submission' }).click();
    await dialog.getByTestId('interview-preview').waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Interview Created', { exact: true }).waitFor();
    await page.getByText('Your interview has been submitted successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The card, as spec section 2 says; no exact round date on it.
    await expectCards(page, 1);
    const card = cards(page).first();
    expect(await card.getByTestId('card-company').textContent()).toBe(newCompany);
    expect(await card.getByTestId('card-role').textContent()).toBe('Senior (L6, E5, IC3, SDE III) · Software Engineer');
    expect(await card.getByTestId('card-location').textContent()).toBe('Berlin');
    await card.getByText('Some Candidate').waitFor();
    await card.getByText('🎉').waitFor();
    expect(await card.getByTestId('card-topics').locator('li').allTextContents()).toEqual(['Graphs', 'Trees', 'Dynamic Programming', '+1 more']);
    expect(await card.getByTestId('card-rounds').textContent()).toBe('3 Rounds');
    expect(await card.getByTestId('card-duration').textContent()).toBe('2 weeks');
    expect(await card.getByTestId('card-completed').textContent()).toBe('Completed on March 20th, 2024');
    expect(await page.locator('main').textContent()).not.toMatch(/March 1st|March 8th|2024-03-0/);

    // The dialog opens again empty.
    await page.getByRole('button', { name: 'Add new experience' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Company' }).textContent()).toContain('Select a company');
    expect(await dialog.getByTestId('round-row').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await seed(page, [
      {
        company: 'Google',
        level: 'Intern',
        title: 'Software Engineer',
        location: 'London',
        outcome: 'ongoing',
        topics: ['Graph', 'Heap (Priority Queue)'],
        interview_process: [{ round: 'Online Assessment / Take Home', round_date_str: '2024-05-01' }],
      },
      {
        company: 'Google',
        level: 'Intern',
        title: 'Site Reliability Engineer',
        location: 'london',
        outcome: 'offer',
        topics: ['Graph', 'Tree', 'Python'],
        interview_process: [
          { round: 'Leetcode (DSA)', round_date_str: '2024-05-01' },
          { round: 'Behavioural', round_date_str: '2024-05-21' },
        ],
      },
      {
        company: 'Google',
        level: 'Senior (L6, E5, IC3, SDE III)',
        title: 'Data Scientist',
        location: 'Berlin',
        outcome: 'rejected',
        topics: ['Graph', 'Tree', 'System Design', 'Binary Search'],
        interview_process: [
          { round: 'System Design', round_date_str: '2024-04-01' },
          { round: 'Leetcode (DSA)', round_date_str: '2024-06-01' },
        ],
      },
      {
        company: 'Meta',
        level: 'Intern',
        title: 'Software Engineer',
        outcome: 'offer',
        accept: true,
        topics: ['Array'],
        interview_process: [{ round: 'Behavioural' }],
      },
    ]);
    await page.reload();
    await expectCards(page, 5);
    await page.locator('[data-testid="interview-card"][data-outcome="accepted"]').getByText('Accepted').waitFor();
    await page.locator('[data-testid="interview-card"][data-outcome="rejected"]').getByText('No offer').waitFor();
    await page.locator('[data-testid="interview-card"][data-outcome="accepted"]').getByText('Somewhere in the world').waitFor();
    await page.locator('[data-testid="interview-card"][data-outcome="accepted"]').getByText('No completion date available').waitFor();
    await screenshot(page, 'interviews-desktop');

    // Each group narrows; OR within a group, AND across; the badge counts the ticks; all in the URL.
    await tick(page, 'Intern');
    await expectCards(page, 3);
    expect(await badge(page)).toBe('1');
    await tick(page, 'Senior (L6, E5, IC3, SDE III)');
    await expectCards(page, 5);
    expect(await badge(page)).toBe('2');
    await tick(page, 'Software Engineer');
    await expectCards(page, 3);
    await tick(page, 'Berlin');
    await expectCards(page, 1);
    expect(await badge(page)).toBe('4');
    await tick(page, 'Berlin');
    await tick(page, 'Software Engineer');
    await tick(page, 'London');
    await expectCards(page, 2);
    await tick(page, 'Offer');
    await expectCards(page, 1);
    expect(await badge(page)).toBe('4');
    expect(new URL(page.url()).searchParams.getAll('level')).toEqual(['Intern', 'Senior (L6, E5, IC3, SDE III)']);
    // A shared link shows the same view.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await expectCards(other, 1);
    expect(await badge(other)).toBe('4');
    await other.close();

    await page.getByRole('button', { name: /^Filters\s*4\s*active$/ }).click();
    await page.getByPlaceholder('Search filters...').fill('zzz');
    await page.getByText('No filter found.').waitFor();
    await page.keyboard.press('Escape');
    await tick(page, 'Offer');
    await tick(page, 'Accepted');
    await expectCards(page, 0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expectCards(page, 5);
    expect(await badge(page)).toBeNull();
    expect(new URL(page.url()).search).toBe('');

    // The company picker: one company, with its logo; picking it again lifts it.
    await page.getByRole('combobox', { name: 'Company: all companies' }).click();
    await page.getByPlaceholder('Search companies...').fill('goo');
    await page.getByRole('option', { name: 'Google' }).locator('img').waitFor();
    await page.getByRole('option', { name: 'Google' }).click();
    await expectCards(page, 3);
    await tick(page, 'No offer');
    await expectCards(page, 1);
    await page.getByRole('combobox', { name: 'Company: Google' }).click();
    await page.getByRole('option', { name: 'Google' }).click();
    await expectCards(page, 1);
    expect(await cards(page).first().getByTestId('card-company').textContent()).toBe('Google');
    await page.getByRole('button', { name: /^Filters\s*1\s*active$/ }).waitFor();
    await page.getByRole('combobox', { name: 'Company: all companies' }).click();
    await page.getByRole('option', { name: 'Meta' }).click();
    await expectCards(page, 0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expectCards(page, 5);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The owner marks the result later and can delete the card; others' cards have no such menu.
    expect(await page.getByRole('button', { name: 'Manage my interview' }).count()).toBe(5);
    await cards(page).filter({ hasText: newCompany }).getByRole('button', { name: 'Manage my interview' }).click();
    await page.getByRole('button', { name: 'Accepted', exact: true }).click();
    await page.locator('[data-testid="interview-card"][data-outcome="accepted"]').filter({ hasText: newCompany }).waitFor();

    // The carousel leads to a company's page: insights drawn as charts, its interviews, practice.
    await page.getByRole('region', { name: 'Companies' }).getByRole('link', { name: 'Google' }).click();
    await page.waitForURL('**/candidate-interviews/google');
    await page.getByRole('heading', { name: 'Google', level: 1 }).waitFor();
    expect(await page.getByTestId('interview-count').textContent()).toBe('3 interviews shared');
    expect(await page.getByTestId('offer-rate').textContent()).toBe('50%');
    expect(await page.getByTestId('median-process').textContent()).toBe('1 month');
    await page.getByTestId('insights').locator('svg.recharts-surface').first().waitFor();
    expect(await page.getByTestId('insights').getByTestId('bars').count()).toBe(3);
    expect(await page.getByRole('list', { name: 'Most asked topics' }).getByRole('listitem').first().textContent()).toBe('Graphs3');
    await expectCards(page, 3);
    await tick(page, 'Offer');
    await expectCards(page, 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'company-desktop');
    // "Practise these topics" sends the problem topics by their catalogue tags, so Problem Review
    // lists the tracked catalogue problems of those topics: here, of the Blind 75 just added.
    await fixtureAsPage(page, 'POST', '/api/leetcode-questions/lists/blind-75');
    await page.getByRole('link', { name: 'Practise these topics' }).click();
    await page.waitForURL('**/leetcode?**');
    expect(new URL(page.url()).pathname).toBe('/leetcode');
    expect(new URL(page.url()).search).toBe('?tags=Graph,Tree,Binary%20Search,Heap%20(Priority%20Queue)');
    const practised = ['Graph', 'Tree', 'Binary Search', 'Heap (Priority Queue)'];
    await page.getByTestId('tag-filter').getByText(practised.join(', ')).waitFor();
    const blind75 = await fixtureAsPage<Array<{ title: string; tags: string[] }>>(page, 'GET', '/api/leetcode-questions/catalogue?list=blind-75&limit=200');
    const ofTheseTopics = blind75.filter((p) => p.tags.some((t) => practised.includes(t))).map((p) => p.title);
    expect(ofTheseTopics.length).toBeGreaterThan(10);
    await page.getByText(`Page 1 of ${Math.ceil(ofTheseTopics.length / 10)}`, { exact: true }).waitFor();
    const shown = await page.getByTestId('question-title').allTextContents();
    expect(shown).toHaveLength(10);
    expect(shown.filter((title) => !ofTheseTopics.includes(title))).toEqual([]);

    // Deleting my own interview.
    await page.goto('/candidate-interviews');
    await expectCards(page, 5);
    await cards(page).filter({ hasText: newCompany }).getByRole('button', { name: 'Manage my interview' }).click();
    await page.getByRole('button', { name: 'Delete interview' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Interview Deleted', { exact: true }).waitFor();
    await expectCards(page, 4);
    await context.close();
  }, 240_000);

  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
  ] as const)(
    'works on a 375 px phone (%s): cards without dates, filters, the dialog, a company page',
    async (_name, scheme) => {
      const { context, page } = await newPage(browser, { width: 375, height: 800 }, scheme);
      await signUp(page, uniqueEmail(`phone-${scheme}`), { at: '/candidate-interviews' });
      await expectCards(page, 4);
      expect(await page.getByRole('button', { name: 'Manage my interview' }).count()).toBe(0);
      expect(await page.locator('main').textContent()).not.toMatch(/2024-05-01|2024-04-01/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `interviews-phone-${scheme}`);

      await tick(page, 'Intern');
      await expectCards(page, 3);
      expect(await badge(page)).toBe('1');
      await page.getByTestId('filter-button').click();
      await screenshot(page, `interviews-filters-phone-${scheme}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add new experience' }).click();
      await page.getByRole('dialog').getByText('Share your interview experience to help others prepare better.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `interviews-dialog-phone-${scheme}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/candidate-interviews/google');
      await page.getByTestId('offer-rate').waitFor();
      await expectCards(page, 3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `company-phone-${scheme}`);
      if (scheme === 'dark') {
        await page.setViewportSize({ width: 1280, height: 800 });
        await screenshot(page, 'company-desktop-dark');
        await page.goto('/candidate-interviews');
        await expectCards(page, 4);
        await screenshot(page, 'interviews-desktop-dark');
      }

      await page.goto('/candidate-interviews/no-such-company-anywhere');
      await page.getByRole('heading', { name: 'Could not find this company' }).waitFor();
      await context.close();
    },
    120_000,
  );
});
