import { Browser, Page } from 'playwright-core';
import { api, createAccount, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signIn, tokenOf, uniqueEmail } from './browser';

jest.setTimeout(480_000);

const toastWith = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const selectedTab = (page: Page, name: string) => page.locator('[role="tab"][aria-selected="true"]', { hasText: name }).waitFor();

describe('moderation: counts, tabs in the URL, edits, reasons, take-downs and the audit log (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('works the queues as a moderator at 1280 px, and the submitter reads the reason; the page at 375 px too', async () => {
    const tag = Date.now().toString(36);
    const modEmail = uniqueEmail('moddesk');
    await createAccount(modEmail);
    grantModerator(modEmail);

    const submitter = await signedUpToken('submitter');
    const share = (title: string) =>
      api(submitter.token, 'POST', '/api/pathfinder', {
        title,
        description: 'apply here',
        link: `https://jobs.example.com/${tag}/${encodeURIComponent(title)}`,
      });
    const typo = `swe intren ${tag}`;
    const spam = `Crypto airdrop ${tag}`;
    await share(typo);
    await share(spam);
    const resource = `Interview Cheatsheet ${tag}`;
    await api(submitter.token, 'POST', '/api/external-resources', {
      title: resource,
      description: 'One page of patterns',
      url: `https://cheatsheet.example.org/${tag}`,
      author: 'Someone',
    });
    await api(submitter.token, 'POST', '/api/contact-form', { subject: 'Feedback', message: `Signed in note ${tag}` });
    const idea = `Blockchain resumes ${tag}`;
    await api(submitter.token, 'POST', '/api/contact-form', { subject: 'Feature Request', title: idea, message: idea });

    const { context, page } = await newPage(browser, { width: 1280, height: 900 }, 'light');
    page.setDefaultTimeout(60_000);
    await signIn(page, modEmail, { at: '/moderation' });
    await selectedTab(page, 'Opportunities');
    // The counts: what waits, as the service counts it (other tests' shares included; ours among them).
    const { pending } = (await api(await tokenOf(modEmail), 'GET', '/api/moderation/summary')) as { pending: { opportunities: number; resources: number } };
    expect(pending.opportunities).toBeGreaterThanOrEqual(2);
    expect(pending.resources).toBeGreaterThanOrEqual(1);
    const tabWithCount = (label: string, count: number) => page.getByRole('tab', { name: count ? new RegExp(`^${label}\\s*${count}$`) : label, exact: !count });
    await tabWithCount('Opportunities', pending.opportunities).waitFor();
    await tabWithCount('Resources', pending.resources).waitFor();

    // Edit before approving: the item becomes a form named after it (moderation-corrections.e2e.ts corrects the link and details).
    const queued = (title: string) => page.getByTestId('queued-opportunity').filter({ hasText: encodeURIComponent(title) });
    await queued(typo)
      .getByRole('button', { name: `Edit ${typo}` })
      .click();
    const correcting = page.getByRole('form', { name: `Correct ${typo}` });
    await correcting.getByLabel('Title').fill(`SWE Intern ${tag}`);
    await screenshot(page, 'moderation-edit-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await correcting.getByRole('button', { name: `Save and approve ${typo}` }).click();
    await toastWith(page, 'Opportunity approved');
    await page
      .getByTestId('listed-opportunity')
      .filter({ hasText: `SWE Intern ${tag}` })
      .waitFor();

    // A rejection needs a reason.
    await queued(spam)
      .getByRole('button', { name: `Reject ${spam}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Please give a reason', { exact: true }).waitFor();
    await dialog.getByLabel('Reason').fill('Not a student opportunity: a token sale');
    await screenshot(page, 'moderation-reason-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toastWith(page, 'Opportunity rejected');
    await tabWithCount('Opportunities', pending.opportunities - 2).waitFor();

    // The tab is in the URL, and a reload keeps it.
    await page.getByRole('tab', { name: /Resources/ }).click();
    await page.waitForURL(/[?&]tab=resources/);
    await page.reload();
    await selectedTab(page, 'Resources');
    const queuedResource = page.getByTestId('queued-resource').filter({ hasText: resource });
    await queuedResource.getByRole('button', { name: `Approve ${resource}` }).click();
    await toastWith(page, 'Resource approved');
    const listed = page.getByTestId('listed-resource').filter({ hasText: resource });
    await listed.getByRole('button', { name: `Take down ${resource}` }).click();
    await dialog.getByLabel('Reason').fill('The site now asks for payment');
    await dialog.getByRole('button', { name: 'Take down' }).click();
    await toastWith(page, 'Resource taken down');
    await listed.waitFor({ state: 'detached' });

    // Declining a request still in review is its rejection: it asks why.
    await page.getByRole('tab', { name: /Feature requests/ }).click();
    await page.getByLabel(`Status of ${idea}`).click();
    await page.getByRole('option', { name: 'Declined', exact: true }).click();
    await dialog.getByLabel('Reason').fill('Out of scope for interview practice');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await toastWith(page, 'Status set to Declined');

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.waitForURL(/[?&]tab=log/);
    const entries = page.getByTestId('audit-entry');
    await entries
      .filter({ hasText: `SWE Intern ${tag}` })
      .getByText('(edited first)')
      .waitFor();
    await entries.filter({ hasText: spam }).getByText('Reason: Not a student opportunity: a token sale').waitFor();
    await entries.filter({ hasText: resource }).filter({ hasText: 'Took down' }).waitFor();
    await entries.filter({ hasText: idea }).getByText('Reason: Out of scope for interview practice').waitFor();
    await screenshot(page, 'moderation-log-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A signed-in sender is named by their account, not "Anonymous".
    await page.getByRole('tab', { name: 'Messages' }).click();
    const message = page.getByRole('listitem').filter({ hasText: `Signed in note ${tag}` });
    await message.getByRole('link', { name: submitter.email }).waitFor();
    expect(await message.getByText('Anonymous').count()).toBe(0);
    await context.close();

    // The submitter reads why on their own items.
    const own = await newPage(browser, { width: 375, height: 800 }, 'dark');
    own.page.setDefaultTimeout(60_000);
    await signIn(own.page, submitter.email, { at: '/external-resources' });
    await own.page.getByText('Taken down: The site now asks for payment', { exact: true }).waitFor();
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(own.page, 'resources-own-375-dark');
    expect(await seriousA11yViolations(own.page)).toEqual([]);
    await own.page.goto('/feature-request');
    await own.page.getByText('Rejected: Out of scope for interview practice', { exact: true }).waitFor();
    await own.page.goto('/pathfinder');
    await own.page.getByText('Rejected: Not a student opportunity: a token sale', { exact: true }).waitFor();
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(own.page, 'pathfinder-own-375-dark');
    expect(await seriousA11yViolations(own.page)).toEqual([]);
    // Sharing a listed link again says where it is, with a way there.
    await own.page.getByRole('button', { name: 'Add Opportunity' }).click();
    const add = own.page.getByRole('dialog');
    await add.getByLabel('Title').fill('Same posting again');
    await add.getByLabel('Description').fill('Found it elsewhere');
    await add.getByLabel('Application Link').fill(`https://jobs.example.com/${tag}/${encodeURIComponent(typo)}`);
    await add.getByRole('button', { name: 'Submit Opportunity' }).click();
    await add.getByText(`This link is already listed: “SWE Intern ${tag}”`, { exact: true }).waitFor();
    await screenshot(own.page, 'pathfinder-duplicate-375-dark');
    expect(await seriousA11yViolations(own.page)).toEqual([]);
    await add.getByRole('link', { name: 'See it in the list' }).click();
    await own.page.waitForURL(/[?&]q=SWE(%20|\+)Intern/);
    await own.page.getByRole('heading', { name: `SWE Intern ${tag}` }).waitFor();
    const submissions = (await api(submitter.token, 'GET', '/api/moderation/submissions')) as Array<{ title: string; status: string; reason: string | null }>;
    expect(submissions.find((s) => s.title === spam)).toMatchObject({ status: 'rejected', reason: 'Not a student opportunity: a token sale' });
    await own.context.close();

    const phone = await newPage(browser, { width: 375, height: 800 }, 'dark');
    phone.page.setDefaultTimeout(60_000);
    await signIn(phone.page, modEmail, { at: '/moderation?tab=log' });
    await selectedTab(phone.page, 'Audit log');
    await phone.page.getByTestId('audit-entry').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'moderation-log-375-dark');
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page.goto('/moderation?tab=opportunities');
    await phone.page.getByTestId('listed-opportunity').first().waitFor();
    await screenshot(phone.page, 'moderation-375-dark');
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
