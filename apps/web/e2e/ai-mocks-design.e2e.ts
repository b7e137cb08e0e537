import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';

jest.setTimeout(120_000);

const canvasOption = (page: Page) => page.getByRole('checkbox', { name: 'System design mock with a drawing canvas' });
const canvasRegion = (page: Page) => page.getByRole('region', { name: 'Design canvas' });

/** Issue 36 item 4: a system design mock shows System Design's canvas beside the call, and the call carries the drawing. */
describe('AI mock interviews: a system design mock with the canvas', () => {
  let browser: Browser;
  beforeAll(async () => {
    // A fake microphone (a beep): the call needs one; what it hears does not matter here.
    browser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
  });
  afterAll(() => browser.close());

  it('shows the canvas, reachable by keyboard, and sends the drawing over the call once it changed, at 1280 px light and 375 px dark with axe', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('grace'), { at: '/ai-mocks' });
    await page.getByRole('heading', { name: 'AI Mock Interviews' }).waitFor();
    expect(await canvasRegion(page).count()).toBe(0);

    // Keyboard only: the option is checked with Space, then Tab reaches the canvas and its actions.
    await canvasOption(page).focus();
    await page.keyboard.press('Space');
    await canvasRegion(page).locator('canvas').first().waitFor();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await canvasRegion(page).evaluate((region) => region === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Mermaid to shapes');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // In a call, the drawing goes over the call's websocket as a contextual_update, after a pause in the drawing.
    const sent: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => void (typeof payload === 'string' && payload.includes('design_scene') && sent.push(payload))),
    );
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByText('Conversation Started', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Mermaid to shapes' }).click();
    await page.getByLabel('Mermaid diagram').fill('flowchart LR\n  C[Client] --> A[App server] --> D[(URL database)]');
    await page.getByRole('button', { name: 'Add to canvas' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const deadline = Date.now() + 15_000;
    while (sent.length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
    expect(sent).toHaveLength(1);
    const frame = JSON.parse(sent[0]);
    expect(frame.type).toBe('contextual_update');
    const labels = JSON.parse(frame.text)
      .design_scene.elements.filter((e: { type: string }) => e.type === 'text')
      .map((e: { text: string }) => e.text);
    expect(labels).toEqual(expect.arrayContaining(['Client', 'App server', 'URL database']));
    await screenshot(page, 'ai-mocks-design-canvas-1280');
    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End Interview' }).click();
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    await context.close();

    const phone = await newPage(browser, { width: 375, height: 812 }, 'dark');
    await signUp(phone.page, uniqueEmail('hopper'), { at: '/ai-mocks' });
    await canvasOption(phone.page).click();
    await canvasRegion(phone.page).locator('canvas').first().waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'ai-mocks-design-canvas-phone-dark');
    await phone.context.close();
  });
});
