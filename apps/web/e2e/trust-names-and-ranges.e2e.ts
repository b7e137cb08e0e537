import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { api, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signIn, stack, tokenOf } from './browser';

// Issue 35 items 1 and 4: the company page's published offer ranges, and the moderator badge on a comment.
jest.setTimeout(300_000);

const run = Date.now().toString(36);
const company = `Trust Co ${run}`;
const companyPage = `/candidate-interviews/${encodeURIComponent(company)}`;
const patience = { timeout: 90_000 };

/** The stack's database, as its services see it. */
const databaseUrl = () => {
  const url = new URL(stack.adminUrl);
  url.pathname = `/${stack.database}`;
  return url.toString();
};

/**
 * A week passes: the accounts interviews knows are a week old and confirmed (a browser test cannot
 * wait for either), then the day's publication runs as the service's daily check would.
 */
async function aWeekLater(): Promise<void> {
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("UPDATE interviews.known_accounts SET registered_at = now() - interval '8 days', confirmed_at = now() - interval '8 days'");
  } finally {
    await client.end();
  }
  execFileSync(process.execPath, [path.resolve(__dirname, '../../../services/interviews/dist/admin.js'), 'publish-offer-ranges'], {
    env: { ...process.env, DATABASE_URL: databaseUrl(), DATABASE_SCHEMA: 'interviews' },
    stdio: 'pipe',
  });
}

describe('Offer ranges and moderator badges (issue 35, Chromium)', () => {
  let browser: Browser;
  let reader: { context: BrowserContext; page: Page };
  let reportId: string;

  beforeAll(async () => {
    browser = await launch();
    reader = await newPage(browser);
    reader.page.setDefaultTimeout(90_000);
    const authors = await Promise.all([1, 2, 3, 4, 5].map((i) => signedUpToken(`trust-author-${i}`)));
    const companyId = (await api(authors[0].token, 'POST', '/api/all-companies', { name: company })).data.id;
    for (const [i, { token }] of authors.entries()) {
      const report = await api(token, 'POST', '/api/candidate-interviews', {
        company_id: companyId,
        outcome: 'offer',
        interview_process: [{ round: 'System Design' }],
        offer: { currency: 'USD', base: 150_000 + 10_000 * i, bonus: 20_000 },
      });
      reportId ??= report.data.id;
    }
    const { email: moderatorEmail } = await signedUpToken('trust-moderator');
    grantModerator(moderatorEmail);
    await api(await tokenOf(moderatorEmail), 'POST', `/api/candidate-interviews/${reportId}/comments`, { body: 'Please keep offers to yearly figures.' });
    await signIn(reader.page, (await signedUpToken('trust-reader')).email);
  });
  afterAll(async () => {
    await reader.context.close();
    await browser.close();
  });

  it('shows no range from fresh accounts, then a rounded range from five candidates once published, and badges the moderator', async () => {
    const { page } = reader;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(companyPage);
    const offers = page.getByTestId('offer-ranges');
    await offers.getByText(/^Offer ranges appear once at least 5 candidates, each with a confirmed account older than 7 days/).waitFor(patience);

    await aWeekLater();
    await page.reload();
    const all = page.getByTestId('offer-range').filter({ hasText: 'All levels' });
    await all.waitFor(patience);
    // 150,000 … 190,000: the middle half $160K–$180K, median $170K, from five candidates.
    expect(await all.textContent()).toContain('(from 5 candidates)');
    expect(await all.textContent()).toContain('$160K – $180K');
    expect(await offers.textContent()).toMatch(/Updated once a day\..*Last updated \d{1,2} \w{3} \d{4}\./s);

    const card = page.getByTestId('interview-card').filter({ has: page.getByRole('button', { name: '1 comment' }) });
    await card.getByRole('button', { name: '1 comment' }).click();
    const comment = card.getByRole('region', { name: 'Comments' }).getByTestId('comment').filter({ hasText: 'Please keep offers to yearly figures.' });
    await comment.getByTestId('moderator-badge').waitFor();
    expect(await comment.getByTestId('comment-author').textContent()).toBe('Some Candidate');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'trust-offer-ranges-and-moderator-badge-1280');
  });
});
