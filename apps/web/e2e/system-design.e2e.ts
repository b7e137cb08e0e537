import { readFileSync } from 'node:fs';
import { systemDesignMessages } from '@app/contracts';
import { Browser, Page } from 'playwright-core';
import { callAsPage, eventually, launch, newPage, screenshot, seriousA11yViolations, signIn, signUp, uniqueEmail } from './browser';

// System Design (issue 36): the list and its filters, a timed attempt drawn and written, kept over a
// reload and a lost connection, submitted, rated, and the progress it leaves.
jest.setTimeout(120_000);

const mermaid = 'flowchart LR\n  Client --> LB[Load balancer] --> API[API servers] --> Cache[Redis cache] --> Store[Key value store]';

async function saved(page: Page) {
  await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor();
}

describe('System Design (Chromium)', () => {
  let browser: Browser;
  const email = uniqueEmail('design');
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('filters the prompts, keeps a timed attempt over a reload and a lost connection, and reviews it against the outline and the rubric', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, email, { at: '/system-design' });
    await page.getByRole('heading', { level: 1, name: 'System Design' }).waitFor();
    expect(await page.getByTestId('prompt-card').count()).toBeGreaterThanOrEqual(40);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'system-design-list');

    // Filters live in the URL: level, concept, then a search.
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Senior' }).click();
    await page.waitForURL(/level=senior/);
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Concept' }).click();
    await page.getByPlaceholder('Search concepts').fill('caching');
    await page.getByRole('option', { name: 'caching', exact: true }).click();
    await page.waitForURL(/concept=caching/);
    const cards = page.getByTestId('prompt-card');
    await cards.first().waitFor();
    for (const badge of await cards.locator('span', { hasText: /^(Mid-level|Senior|Staff)$/ }).allTextContents()) expect(badge).toBe('Senior');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search prompts').fill('shortener');
    await page.waitForURL(/q=shortener/);
    await page.getByTestId('prompt-card').filter({ hasText: 'URL shortener' }).waitFor();
    expect(await page.getByTestId('prompt-card').filter({ hasText: 'Not practised yet' }).count()).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: 'URL shortener' }).click();
    await page.getByText('The reference outline opens once you submit an attempt').waitFor();
    await page.getByRole('button', { name: 'Start timed (45 min)' }).click();
    await page.waitForURL(/\/system-design\/attempts\//);
    const attemptPath = new URL(page.url()).pathname;
    await page.getByTestId('design-clock').filter({ hasText: 'Now: Requirements' }).waitFor();

    // Notes in the first step, shapes from Mermaid on the canvas.
    const notes = page.getByLabel('Requirements notes');
    await notes.fill('Users shorten links and get redirected. About 100 million new links a month. POST /links is the API.');
    await page.getByRole('button', { name: 'Mermaid to shapes' }).click();
    await page.getByLabel('Mermaid diagram').fill(mermaid);
    await page.getByRole('button', { name: 'Add to canvas' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await saved(page);
    const labels = async () => {
      const { scene } = (await callAsPage(page, 'GET', `/api${attemptPath}`)).json as { scene: { elements: Array<{ text?: string }> } | null };
      return ['Load balancer', 'Redis cache'].filter((label) => scene?.elements.some((e) => e.text === label));
    };
    await eventually(labels, ['Load balancer', 'Redis cache']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'system-design-attempt');

    // The connection drops: the work stays on this device and reaches the server once it is back.
    await context.setOffline(true);
    await notes.fill(`${await notes.inputValue()} A Redis cache sits in front of the key value store.`);
    await page.getByTestId('save-status').filter({ hasText: 'Offline' }).waitFor();
    await context.setOffline(false);
    await saved(page);
    await page.reload();
    await page.getByLabel('Requirements notes').waitFor();
    expect(await page.getByLabel('Requirements notes').inputValue()).toContain('A Redis cache sits in front');

    // The drawing exports as SVG with its labels.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    expect(download.suggestedFilename()).toBe('url-shortener-design.svg');
    expect(readFileSync((await download.path())!, 'utf8')).toContain('Load balancer');

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Review: URL shortener' }).waitFor();
    const concepts = page.getByTestId('design-concepts');
    await concepts.getByRole('list', { name: 'Covered' }).getByText('caching').waitFor();
    await concepts.getByRole('list', { name: 'Missed' }).getByText('trade-offs').waitFor();
    await concepts.getByText('These concepts will come back in').waitFor();
    for (const dimension of ['Requirements and scope', 'Estimation', 'API and data model', 'High-level design', 'Depth and trade-offs']) {
      await page.getByRole('group', { name: dimension }).getByText('3 · Solid').click();
    }
    await page.getByRole('button', { name: 'Save rating' }).click();
    await page.getByTestId('rubric-total').filter({ hasText: 'Rated 15 of 20' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'system-design-review');

    await page.goto('/system-design?q=shortener');
    await page.getByTestId('prompt-card').filter({ hasText: '1 attempt · best 15/20 · last practised today' }).waitFor();
    await page.getByTestId('design-progress').getByText('trade-offs').waitFor();
    await page.goto('/analytics');
    await page.getByTestId('system-design-summary').filter({ hasText: '1 attempt (1 submitted) across 1 prompt.' }).waitFor();

    // A missed concept comes back in Review due, graded like a problem.
    await page.goto('/leetcode/session');
    await page.getByText('System design concept').waitFor();
    const concept = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByTestId('concept-answer').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-due-concept-card');
    await page.getByRole('button', { name: 'Good' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: concept! }).waitFor();
    await context.close();

    // A phone, in dark: the list and the review read and pass axe.
    const phone = await newPage(browser, { width: 375, height: 812 }, 'dark');
    await signIn(phone.page, email, { at: '/system-design' });
    await phone.page.getByTestId('prompt-card').first().waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'system-design-list-phone-dark');
    await phone.page.goto(attemptPath);
    await phone.page.getByTestId('rubric-total').filter({ hasText: 'Rated 15 of 20' }).waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'system-design-review-phone-dark');
    await phone.page.goto('/system-design/pastebin');
    await phone.page.getByRole('button', { name: 'Start untimed' }).click();
    await phone.page.getByLabel('Requirements notes').fill('Text pastes behind links that expire.');
    await phone.page.getByRole('button', { name: 'Mermaid to shapes' }).waitFor();
    await phone.page.getByTestId('design-canvas').locator('canvas').first().waitFor();
    await saved(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'system-design-attempt-phone-dark');

    // A drawing over 1 MB (an image pasted in, say) is refused with the server's words; the next save within the cap goes through.
    const saves = '**/api/system-design/attempts/*';
    await phone.page.route(saves, (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      return route.continue({ postData: JSON.stringify({ ...body, scene: { elements: [{ type: 'text', text: 'x'.repeat(1_100_000) }], files: {} } }) });
    });
    const phoneNotes = phone.page.getByLabel('Requirements notes');
    await phoneNotes.fill('Text pastes behind links that expire, with an image.');
    await phone.page.getByTestId('save-status').filter({ hasText: systemDesignMessages.sceneTooLarge }).waitFor();
    await phone.page.unroute(saves);
    await phoneNotes.fill('Text pastes behind links that expire, without the image.');
    await saved(phone.page);
    await phone.context.close();
  });
});
