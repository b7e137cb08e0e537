import { askFlagsToHide, askPrivileges, askReputation, flagReasonLabels } from '@app/contracts';
import { Browser, Page } from 'playwright-core';
import { api, baseUrl, createAccount, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signIn, uniqueEmail } from './browser';

// The moderation desk's flagged posts (issue 37), Ask a SWE's: members flag a question until it is hidden, a
// moderator reads the reasons, restores it and removes a flagged answer, and the audit log says so;
// at 1280 px light and 375 px dark.
jest.setTimeout(240_000);

const selectedTab = (page: Page, name: string) => page.locator('[role="tab"][aria-selected="true"]', { hasText: name }).waitFor();
const toastWith = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The status a member gets reading a question (404 while it is hidden or removed). */
const statusOf = async (token: string, path: string) => (await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status;

describe('Ask a SWE on the moderation desk (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('hides a question members flagged, and a moderator restores it and removes a flagged answer, both in the audit log', async () => {
    const tag = Date.now().toString(36);
    const modEmail = uniqueEmail('askdesk');
    await createAccount(modEmail);
    grantModerator(modEmail);

    const asker = await signedUpToken('askdesk-asker');
    const ask = async (title: string) =>
      (
        (await api(asker.token, 'POST', '/api/ask-a-swe/questions', {
          title,
          body: 'What the recruiter said about the loop, and what I should prepare.',
          tags: ['Array'],
        })) as { data: { id: string } }
      ).data.id;
    const loopTitle = `How long is the onsite loop at Desk Labs ${tag}?`;
    const flaggedTitle = `Buy my interview answers for Desk Labs ${tag}`;
    const loop = await ask(loopTitle);
    const flagged = await ask(flaggedTitle);

    // Flagging needs askPrivileges.flag reputation: the flaggers earn it as members do, answering and up-voting each other.
    const flaggers = await Promise.all(Array.from({ length: askFlagsToHide }, (_, i) => signedUpToken(`askdesk-flagger${i}`)));
    const answers: string[] = [];
    for (const [i, f] of flaggers.entries()) {
      const { data } = (await api(f.token, 'POST', `/api/ask-a-swe/questions/${loop}/answers`, { body: `Four rounds in one day, said flagger ${i}.` })) as {
        data: { id: string };
      };
      answers.push(data.id);
    }
    const upvotesNeeded = Math.ceil(askPrivileges.flag / askReputation.answerUpvoted);
    expect(upvotesNeeded).toBeLessThan(askFlagsToHide);
    for (const [i, f] of flaggers.entries()) {
      for (let k = 1; k <= upvotesNeeded; k++) await api(f.token, 'PUT', `/api/ask-a-swe/answers/${answers[(i + k) % answers.length]}/vote`, { value: 'up' });
    }
    // The one answer a moderator will remove.
    const rude = await signedUpToken('askdesk-rude');
    const rudeBody = `Nobody at Desk Labs ${tag} would hire someone asking this.`;
    const { data: rudeAnswer } = (await api(rude.token, 'POST', `/api/ask-a-swe/questions/${loop}/answers`, { body: rudeBody })) as { data: { id: string } };
    await api(flaggers[0].token, 'POST', `/api/ask-a-swe/answers/${rudeAnswer.id}/flags`, { reason: 'rude', note: 'Mocks the asker' });

    // All but the last flag through the API; the last member flags it on the page and is told it is hidden.
    const reasons = ['spam', 'off_topic', 'other'] as const;
    for (let i = 0; i < askFlagsToHide - 1; i++) {
      const result = await api(flaggers[i].token, 'POST', `/api/ask-a-swe/questions/${flagged}/flags`, {
        reason: reasons[i % reasons.length],
        note: i === 0 ? 'Sells answers to a real loop' : undefined,
      });
      expect(result).toEqual({ hidden: false });
    }
    const last = flaggers[askFlagsToHide - 1];
    const member = await newPage(browser);
    await signIn(member.page, last.email, { at: `/ask-a-swe/${flagged}` });
    await member.page.getByRole('heading', { level: 1, name: flaggedTitle }).waitFor();
    await member.page.getByRole('article').getByRole('button', { name: 'Flag' }).first().click();
    const flagDialog = member.page.getByRole('dialog');
    await flagDialog.getByRole('combobox', { name: 'Reason' }).click();
    await member.page.getByRole('option', { name: flagReasonLabels.spam }).click();
    await flagDialog.getByRole('button', { name: 'Flag' }).click();
    await toastWith(member.page, 'It is hidden until a moderator reviews it.');
    await member.context.close();
    expect(await statusOf(rude.token, `/api/ask-a-swe/questions/${flagged}`)).toBe(404);

    // On a phone, the moderator finds both in the queue.
    const phone = await newPage(browser, { width: 375, height: 812 }, 'dark');
    phone.page.setDefaultTimeout(60_000);
    await signIn(phone.page, modEmail, { at: '/moderation?tab=ask-a-swe' });
    await selectedTab(phone.page, 'Flagged posts');
    const phoneQueue = phone.page.getByRole('list', { name: 'Flagged posts' });
    await phoneQueue.getByTestId('flagged-post').filter({ hasText: flaggedTitle }).waitFor();
    await phoneQueue.getByTestId('flagged-post').filter({ hasText: rudeBody }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.getByTestId('flagged-post').filter({ hasText: flaggedTitle }).scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'ask-a-swe-desk-375-dark');

    // At 1280 px: the reasons, the hidden one marked, then a restore and a removal with its reason.
    const { context, page } = await newPage(browser, { width: 1280, height: 900 }, 'light');
    page.setDefaultTimeout(60_000);
    await signIn(page, modEmail, { at: '/moderation?tab=ask-a-swe' });
    await selectedTab(page, 'Flagged posts');
    const posts = page.getByTestId('flagged-post');
    const question = posts.filter({ hasText: flaggedTitle });
    await question.getByText('Hidden pending review').waitFor();
    const questionFlags = question.getByRole('list', { name: `Flags on ${flaggedTitle}` }).getByRole('listitem');
    expect(await questionFlags.allTextContents()).toEqual([
      `${flagReasonLabels.spam} — Sells answers to a real loop`,
      flagReasonLabels.off_topic,
      flagReasonLabels.spam,
    ]);
    // Its asker signed it: there is no identity to open.
    expect(await question.getByRole('button', { name: 'Open identity' }).count()).toBe(0);
    const answer = posts.filter({ hasText: rudeBody });
    await answer.getByRole('link', { name: `Answer to “${loopTitle}”` }).waitFor();
    expect(await answer.getByText('Hidden pending review').count()).toBe(0);
    expect(await answer.getByRole('list', { name: `Flags on Answer to “${loopTitle}”` }).textContent()).toBe(`${flagReasonLabels.rude} — Mocks the asker`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-a-swe-desk-1280-light');

    // Restored: shown to members again and its flags dismissed, so it leaves the queue.
    await question.getByRole('button', { name: 'Restore' }).click();
    await toastWith(page, 'Question restored');
    await question.waitFor({ state: 'detached' });
    expect(await statusOf(rude.token, `/api/ask-a-swe/questions/${flagged}`)).toBe(200);

    await answer.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Remove: Answer to “${loopTitle}”` }).waitFor();
    await dialog.getByLabel('Reason').fill('Rude to the asker');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toastWith(page, 'Answer removed');
    await answer.waitFor({ state: 'detached' });
    const { data: read } = (await api(asker.token, 'GET', `/api/ask-a-swe/questions/${loop}`)) as { data: { answers: Array<{ id: string }> } };
    expect(read.answers.map((a) => a.id).sort()).toEqual([...answers].sort());

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.waitForURL(/[?&]tab=log/);
    const entries = page.getByTestId('audit-entry');
    const restored = entries.filter({ hasText: `“${flaggedTitle}”` });
    await restored.getByText('Restored', { exact: true }).waitFor();
    await restored.getByText('the question', { exact: true }).waitFor();
    const removed = entries.filter({ hasText: `“${loopTitle}”` });
    await removed.getByText('Removed', { exact: true }).waitFor();
    await removed.getByText('an answer to', { exact: true }).waitFor();
    await removed.getByText('Reason: Rude to the asker').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-a-swe-desk-log-1280-light');
    await context.close();

    await phone.page.getByRole('tab', { name: 'Audit log' }).click();
    await phone.page
      .getByTestId('audit-entry')
      .filter({ hasText: `“${loopTitle}”` })
      .getByText('Reason: Rude to the asker')
      .waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'ask-a-swe-desk-log-375-dark');
    await phone.context.close();
  });
});
