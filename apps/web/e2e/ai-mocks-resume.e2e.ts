import { voiceMessages } from '@app/contracts';
import { Browser, Page, WebSocketRoute } from 'playwright-core';
import { api, launch, newPage, screenshot, seriousA11yViolations, signUp, tokenOf, uniqueEmail } from './browser';
import { removeMicrophone, roomNoiseMicrophone } from './room-noise';

jest.setTimeout(240_000);

const welcomeBack = 'Welcome back. Let us pick up where we left off.';

/** A quiet microphone (room noise under the interviewer's voice threshold) as a 16 kHz mono WAV: nothing is taken for an answer. */
function quietMicrophone(): string {
  return roomNoiseMicrophone({ seconds: 300, amplitude: 16, name: 'quiet' });
}

const credits = (page: Page, n: number) => page.getByText(`Credits: ${n}`, { exact: true }).waitFor({ timeout: 30_000 });
const status = (page: Page, text: string, timeout = 60_000) =>
  page.getByRole('status', { name: 'Interviewer status' }).filter({ hasText: text }).waitFor({ timeout });
const transcript = (page: Page) => page.getByRole('region', { name: 'Live transcript' });

/** The newest session as the service has it (for the test's own checks). */
async function newestSession(email: string): Promise<{ id: string; status: string; resumable_until: string | null; credits_charged: number }> {
  const [session] = await api(await tokenOf(email), 'GET', '/api/voice/sessions');
  return session;
}

async function until<T>(check: () => Promise<T | false | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('AI mock interviews: a dropped call is resumed (Chromium, fake microphone)', () => {
  let browser: Browser;
  const microphone = quietMicrophone();
  beforeAll(async () => {
    browser = await launch([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone}`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  });
  afterAll(async () => {
    await browser.close();
    removeMicrophone(microphone);
  });

  it('shows "Reconnecting…" when the call drops, reconnects to the same session and the interviewer asks its question again, for no new charge', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('resume');
    await signUp(page, email);
    // Every call goes through to the interviewer; the first one is then cut as a network would (close code 4000 both ways).
    const calls: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
    await page.routeWebSocket(/\/api\/voice\/agent\//, (ws) => {
      calls.push({ page: ws, server: ws.connectToServer() });
    });
    await page.goto('/ai-mocks');
    await credits(page, 10);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await transcript(page)
      .getByText(/please tell me briefly about yourself/)
      .waitFor({ timeout: 60_000 });
    await credits(page, 5);

    const [first] = calls;
    await first.server.close({ code: 4000, reason: 'network lost' });
    await first.page.close({ code: 4000, reason: 'network lost' });
    await status(page, voiceMessages.reconnecting, 10_000);
    expect(await page.getByRole('button', { name: voiceMessages.reconnecting }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ai-mocks-reconnecting-1280');

    // The backoff's attempts find the call resumable once the service has stored where it stood.
    await transcript(page)
      .getByText(new RegExp(`${welcomeBack} Hello, and thanks for joining`))
      .waitFor({ timeout: 60_000 });
    await status(page, 'Speaking…');
    expect(calls.length).toBeGreaterThan(1);
    // Earlier lines stay in the live transcript, and the countdown goes on from the first connection.
    expect(await transcript(page).getByRole('listitem').count()).toBe(2);
    await credits(page, 5);
    const live = await newestSession(email);
    expect(live).toMatchObject({ status: 'connected', resumable_until: null, credits_charged: 5 });
    await screenshot(page, 'ai-mocks-resumed-1280');

    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByRole('dialog').getByRole('button', { name: voiceMessages.endInterview }).click();
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    expect(await page.getByText('The connection to the interviewer was lost.').count()).toBe(0);
    await context.close();
  });

  it('keeps trying while the call is still being stored, with the backoff, and shows the connection lost once it cannot be resumed', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('lost'));
    const servers: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/voice\/agent\//, (ws) => {
      servers.push(ws.connectToServer());
    });
    // The service's answers to the page's attempts: not stored yet, then too late.
    const answers = [voiceMessages.stillConnected, voiceMessages.notResumable];
    const attempts: number[] = [];
    await page.route(/\/api\/voice\/sessions\/[^/]+\/resume$/, (route) => {
      attempts.push(Date.now());
      return route.fulfill({ status: 409, json: { error: { code: 'conflict', message: answers[attempts.length - 1] } } });
    });
    await page.goto('/ai-mocks');
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await transcript(page)
      .getByText(/please tell me briefly about yourself/)
      .waitFor({ timeout: 60_000 });
    const droppedAt = Date.now();
    await servers[0].close({ code: 4000, reason: 'network lost' });
    await page.getByText('The connection to the interviewer was lost.').waitFor({ timeout: 30_000 });
    // 1 s after the drop, then 2 s after that.
    expect(attempts).toHaveLength(2);
    expect(attempts[0] - droppedAt).toBeGreaterThanOrEqual(900);
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1_900);
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('offers "Resume interview" on a page opened again within the window after the tab was closed, on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    const email = uniqueEmail('reopen');
    await signUp(page, email, { at: '/ai-mocks' });
    await credits(page, 10);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await transcript(page)
      .getByText(/please tell me briefly about yourself/)
      .waitFor({ timeout: 60_000 });
    await page.close();
    const dropped = await until(async () => {
      const session = await newestSession(email);
      return session.resumable_until !== null && session;
    });
    expect(dropped.credits_charged).toBe(5);

    const again = await context.newPage();
    await again.goto('/ai-mocks');
    const offer = again.getByRole('region', { name: 'Interrupted interview' });
    await offer.getByText('Your interview was interrupted').waitFor({ timeout: 30_000 });
    await credits(again, 5);
    expect(await seriousA11yViolations(again)).toEqual([]);
    await screenshot(again, 'ai-mocks-resume-offer-375');
    await offer.getByRole('button', { name: voiceMessages.resumeInterview }).click();
    await transcript(again).getByText(new RegExp(welcomeBack)).waitFor({ timeout: 60_000 });
    await offer.waitFor({ state: 'detached' });
    expect((await newestSession(email)).id).toBe(dropped.id);
    await credits(again, 5);
    expect(await seriousA11yViolations(again)).toEqual([]);
    await screenshot(again, 'ai-mocks-resumed-375');
    await again.getByRole('button', { name: 'End Interview' }).click();
    await again.getByRole('dialog').getByRole('button', { name: voiceMessages.endInterview }).click();
    await again.getByRole('button', { name: 'Start Interview' }).waitFor();
    await context.close();
  });
});
