import { randomBytes } from 'node:crypto';
import { AgentPlan, VoiceSessionDetail, voiceMessages } from '@app/contracts';
import { Browser, Page } from 'playwright-core';
import { launch, ownStack, screenshot, seriousA11yViolations, signUp, stack, tokenOf, uniqueEmail } from './browser';
import { FakeElevenLabs } from './fake-elevenlabs';
import { removeMicrophone, roomNoiseMicrophone } from './room-noise';

jest.setTimeout(240_000);

const apiKey = `xi_${randomBytes(8).toString('hex')}`;
const agentId = 'agent_e2e_interviewer';
const webhookSecret = randomBytes(24).toString('hex');

/** The candidate's microphone: two minutes of room noise (ElevenLabs' side "hears" it; the fake transcribes it). */
function microphoneFile(): string {
  return roomNoiseMicrophone({ seconds: 120, amplitude: 200, name: 'room' });
}

/** Waits for `check` to hold, asking every 200 ms for up to 15 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 15_000; !(await check()); await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() > deadline) throw new Error(`still not so after 15 s: ${check.toString()}`);
  }
}

/** The app's theme as its ThemeProvider sets it (the html class), once colour transitions have ended, so axe measures what the user sees. */
async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((s) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(s);
  }, scheme);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, {
    timeout: 10_000,
  });
}

const credits = (page: Page, n: number) => page.getByText(`Credits: ${n}`, { exact: true }).waitFor();
const status = (page: Page, text: string) => page.getByRole('status', { name: 'Interviewer status' }).filter({ hasText: text }).waitFor({ timeout: 30_000 });

describe('AI mock interviews with ElevenLabs (Chromium, a fake ElevenLabs, the real stack)', () => {
  const fake = new FakeElevenLabs(apiKey, agentId);
  let browser: Browser;
  const microphone = microphoneFile();
  /** The first candidate: the hostile case names their id in another call's record. */
  let adaId = '';

  beforeAll(() => fake.listen());
  // This file's own stack: voice configured for ElevenLabs as an operator would (docs/voice-credits.md),
  // the gateway's CSP allowing the fake's websocket. The poller is slowed so the signed webhook settles the call.
  ownStack(() => ({
    ELEVENLABS_API_KEY: apiKey,
    ELEVENLABS_AGENT_ID: agentId,
    ELEVENLABS_API_URL: fake.url,
    ELEVENLABS_WEBHOOK_SECRET: webhookSecret,
    ELEVENLABS_POLL_INTERVAL_MS: '600000',
    CSP_CONNECT_SRC: fake.socketOrigin,
  }));
  beforeAll(async () => {
    browser = await launch([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    removeMicrophone(microphone);
    await fake.close();
  });

  /** A page of this stack under the gateway's real CSP (axe is added as a tag, which the CSP would block: bypassed only for that). */
  async function page(width = 1280) {
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height: 800 }, bypassCSP: true });
    const p = await context.newPage();
    const blocked: string[] = [];
    p.on('console', (m) => /Content Security Policy/i.test(m.text()) && blocked.push(m.text()));
    return { context, page: p, blocked };
  }

  /** Signs up in the page; answers the account's token and id as identity gives them. */
  async function candidate(p: Page, tag: string): Promise<{ token: string; id: string }> {
    const email = uniqueEmail(tag);
    await signUp(p, email);
    const token = await tokenOf(email);
    const user = await (await fetch(`${stack.baseUrl}/auth/v1/user`, { headers: { Authorization: `Bearer ${token}` } })).json();
    return { token, id: user.id };
  }

  const session = async (token: string, id: string): Promise<VoiceSessionDetail> =>
    (await fetch(`${stack.baseUrl}/api/voice/sessions/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();

  /** Clicks Start and answers the signed-url response the page got: its session and the plan. */
  async function startInterview(p: Page): Promise<{ sessionId: string; plan: AgentPlan }> {
    const answer = p.waitForResponse((r) => r.url().includes('/api/elevenlabs/signed-url'));
    await p.getByRole('button', { name: 'Start Interview' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.plan).toBeDefined();
    return { sessionId: body.sessionId, plan: body.plan };
  }

  const conversationOf = (sessionId: string) =>
    [...fake.conversations.values()].find((c) => fake.seen.get(c.conversation_id)?.initiation?.dynamic_variables?.session_id === sessionId);

  async function endInterview(p: Page) {
    await p.getByRole('button', { name: 'End Interview' }).click();
    await p.getByRole('dialog').getByRole('button', { name: voiceMessages.endInterview }).click();
    await p.getByRole('button', { name: 'Start Interview' }).waitFor();
  }

  it('connects, hands ElevenLabs the service plan as the signed-in user, binds the call, and shows the report once the signed webhook settles it', async () => {
    const { context, page: p, blocked } = await page();
    const ada = await candidate(p, 'ada-el');
    adaId = ada.id;
    await p.goto('/ai-mocks');
    await credits(p, 10);
    await p.getByLabel('Company').click();
    await p.getByRole('option', { name: 'Google' }).click();
    await p.getByLabel('Level').click();
    await p.getByRole('option', { name: 'Senior (L6, E5, IC3, SDE III)' }).click();
    const { sessionId, plan } = await startInterview(p);

    // The call connects on the page: the toast, the greeting heard and captioned, 5 credits taken.
    await p.getByText(voiceMessages.started, { exact: true }).waitFor({ timeout: 30_000 });
    const transcript = p.getByRole('region', { name: 'Live transcript' });
    await transcript.getByText(`Interviewer: ${plan.first_message}`, { exact: true }).waitFor();
    await status(p, 'Speaking…');
    await credits(p, 5);

    // What the browser sent ElevenLabs is the plan the server answered, for this user.
    const conversation = conversationOf(sessionId)!;
    expect(conversation).toBeDefined();
    const sent = fake.seen.get(conversation.conversation_id)!.initiation!;
    expect(plan.dynamic_variables).toMatchObject({ company: 'Google', level: expect.stringContaining('Senior'), session_id: sessionId });
    expect(typeof plan.dynamic_variables.topics).toBe('string');
    expect(sent.dynamic_variables).toEqual(plan.dynamic_variables);
    expect(sent.conversation_config_override?.agent?.prompt?.prompt).toBe(plan.prompt);
    expect(sent.conversation_config_override?.agent?.first_message).toBe(plan.first_message);
    expect(sent.conversation_config_override?.asr?.keywords).toEqual(plan.keywords);
    expect(plan.keywords).toContain('Google');
    expect(sent.user_id).toBe(ada.id);
    expect(plan.user_id).toBe(ada.id);

    // Bound: the service read ElevenLabs' record and took the call as connected.
    await until(async () => (await session(ada.token, sessionId)).status === 'connected');
    expect(fake.reads(conversation.conversation_id)).toBeGreaterThan(0);
    // …and the page's list of interviews says so while the call goes on.
    await p.getByRole('list', { name: 'Past interviews' }).getByText('In progress', { exact: true }).waitFor();

    // The candidate's microphone reaches ElevenLabs, and the interviewer moves on to the plan's first question.
    const firstQuestion = /Ask exactly: "([^"]+)"/.exec(plan.prompt)![1];
    await transcript.getByText(`Interviewer: ${firstQuestion}`, { exact: true }).waitFor({ timeout: 30_000 });
    await transcript.getByText(/^You: I am a backend engineer/).waitFor();
    const seen = fake.seen.get(conversation.conversation_id)!;
    expect(seen.audioBytes).toBeGreaterThanOrEqual(96_000);
    expect(seen.pongs).toEqual([1]);

    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: 800 });
      expect(await seriousA11yViolations(p)).toEqual([]);
      await screenshot(p, `ai-mocks-elevenlabs-call-${width}`);
    }
    await p.setViewportSize({ width: 1280, height: 800 });

    await endInterview(p);
    // The page is back at Start once its socket is closed; the fake hears the close frame a moment later.
    await until(async () => seen.closedWith !== undefined);
    expect(seen.closedWith).toBe(1000);
    // ElevenLabs is still analysing: ended, charged for now, no report until its record is final.
    await until(async () => (await session(ada.token, sessionId)).status === 'ended');
    const ended = await session(ada.token, sessionId);
    expect(ended).toMatchObject({ status: 'ended', credits_charged: 5, report: null });

    // One criterion of each result, and a data item ElevenLabs could not fill in (the report leaves it out).
    fake.analysed(conversation.conversation_id, {
      transcript_summary: 'The candidate introduced their backend work.',
      evaluation_criteria_results: {
        communication: { criteria_id: 'communication', result: 'success', rationale: 'Clear and concise.' },
        complexity_analysis: { criteria_id: 'complexity_analysis', result: 'failure', rationale: 'No time or space complexity was given.' },
        system_design_depth: { criteria_id: 'system_design_depth', result: 'unknown', rationale: 'The call ended before design came up.' },
      },
      data_collection_results: {
        years_of_experience: { data_collection_id: 'years_of_experience', value: 6, rationale: 'Said so.' },
        preferred_language: { data_collection_id: 'preferred_language', value: null, rationale: 'Not mentioned.' },
      },
    });
    const { body, signature } = fake.webhook(conversation.conversation_id, webhookSecret);
    const delivered = await fetch(`${stack.baseUrl}/api/elevenlabs/post-call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'ElevenLabs-Signature': signature },
      body,
    });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ settled: true });

    // The page's report: ElevenLabs' summary first, the plan's question judged, the transcript.
    const report = p.locator('[aria-label="Interview report"]');
    await report.getByText(/^The candidate introduced their backend work\./).waitFor({ timeout: 60_000 });
    await report.getByRole('heading', { name: 'Question by question' }).waitFor();
    await report.getByText(`Interviewer: ${plan.first_message}`).waitFor();
    await report.getByText(/^You: I am a backend engineer/).waitFor();
    // Two turns exchanged: charged, as the rule says.
    await credits(p, 5);
    const settled = await session(ada.token, sessionId);
    expect(settled).toMatchObject({ status: 'ended', credits_charged: 5, refunded: false, end_reason: 'user' });
    expect(settled.evaluation).toEqual({
      criteria: [
        { id: 'communication', result: 'success', rationale: 'Clear and concise.' },
        { id: 'complexity_analysis', result: 'failure', rationale: 'No time or space complexity was given.' },
        { id: 'system_design_depth', result: 'unknown', rationale: 'The call ended before design came up.' },
      ],
      data: [
        { id: 'years_of_experience', value: 6, rationale: 'Said so.' },
        { id: 'preferred_language', value: null, rationale: 'Not mentioned.' },
      ],
    });
    expect(settled.transcript.map((l) => l.role)).toEqual(['agent', 'user', 'agent']);
    await p.getByRole('list', { name: 'Past interviews' }).getByText('Ended by you').waitFor();

    // ElevenLabs' evaluation in the report: each criterion in words, its result said in text (not by colour), and why.
    const evaluation = report.getByRole('region', { name: "Interviewer's evaluation" });
    await evaluation.waitFor();
    const criteria = evaluation.getByRole('list', { name: 'Evaluation criteria' }).getByRole('listitem');
    expect(await criteria.count()).toBe(3);
    const criterionTexts = [
      ['Communication', 'Met', 'Clear and concise.'],
      ['Complexity analysis', 'Not met', 'No time or space complexity was given.'],
      ['System design depth', 'Could not tell', 'The call ended before design came up.'],
    ];
    for (const [i, [name, result, rationale]] of criterionTexts.entries()) {
      await criteria.nth(i).getByRole('heading', { name, exact: true }).waitFor();
      // The visible word, and "Result:" before it for a screen reader.
      expect((await criteria.nth(i).innerText()).replace(/\s+/g, ' ').trim()).toBe(`${name} Result: ${result} ${rationale}`);
    }
    // What it collected, with its value and why; the item it could not fill in is not shown.
    const noted = evaluation.getByRole('group', { name: 'What the interviewer noted' });
    expect(await noted.locator('dt').allInnerTexts()).toEqual(['Years of experience']);
    expect(await noted.locator('dd').allInnerTexts()).toEqual(['6', 'Said so.']);
    expect(await evaluation.getByText(/preferred language|Not mentioned/i).count()).toBe(0);

    const reportPage = (width: number, scheme: string) => `ai-mocks-elevenlabs-report-${width}${scheme === 'dark' ? '-dark' : ''}`;
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(p, scheme);
      for (const width of [1280, 375]) {
        await p.setViewportSize({ width, height: 800 });
        const at = `report at ${width} px, ${scheme}`;
        expect({ at, findings: await seriousA11yViolations(p) }).toEqual({ at, findings: [] });
        await screenshot(p, reportPage(width, scheme));
      }
    }
    await showScheme(p, 'light');
    await p.setViewportSize({ width: 1280, height: 800 });
    // The same delivery again is a replay, refused.
    const again = await fetch(`${stack.baseUrl}/api/elevenlabs/post-call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'ElevenLabs-Signature': signature },
      body,
    });
    expect(again.status).toBe(409);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('tells the agent of a system design mock what the drawing shows and lacks, as a contextual_update from the page (issue 36 item 4)', async () => {
    const { context, page: p } = await page();
    await candidate(p, 'barbara-el');
    await p.goto('/ai-mocks');
    await credits(p, 10);
    await p.getByRole('checkbox', { name: 'System design mock with a drawing canvas' }).click();
    const updates: string[] = [];
    p.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const frame = typeof payload === 'string' && payload.startsWith('{') ? JSON.parse(payload) : null;
        if (frame?.type === 'contextual_update' && frame.text.startsWith('The candidate’s drawing')) updates.push(frame.text);
      }),
    );
    const { plan } = await startInterview(p);
    expect(plan.design_concepts?.length).toBeGreaterThan(0);
    await p.getByText(voiceMessages.started, { exact: true }).waitFor({ timeout: 30_000 });
    await p.getByRole('button', { name: 'Mermaid to shapes' }).click();
    await p.getByLabel('Mermaid diagram').fill('flowchart LR\n  C[Client] --> A[App server] --> D[URL database]');
    await p.getByRole('button', { name: 'Add to canvas' }).click();
    await until(async () => updates.length > 0);
    expect(updates[0]).toContain('Arrows: Client -> App server; App server -> URL database');
    expect(updates[0]).toContain('a single database (URL database) with no replication');
    await endInterview(p);
    await context.close();
  });

  it("refuses a conversation ElevenLabs recorded for another user: the page says so, and the call costs no more than one interview's 5 credits", async () => {
    expect(adaId).not.toBe('');
    const { context, page: p } = await page();
    const grace = await candidate(p, 'grace-el');
    await p.goto('/ai-mocks');
    await credits(p, 10);
    fake.recordUserOverride = adaId;
    const { sessionId } = await startInterview(p);
    // The call is up (its toast, "Conversation Started", may already have given way to the refusal's).
    await p.getByRole('button', { name: 'End Interview' }).waitFor({ timeout: 30_000 });
    await p.getByText(voiceMessages.conversationOfAnotherUser, { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(p, 'ai-mocks-elevenlabs-refused-1280');
    // Never bound: still starting on the service's side and on the page.
    expect((await session(grace.token, sessionId)).status).toBe('pending');
    await p.getByRole('list', { name: 'Past interviews' }).getByText('Starting', { exact: true }).waitFor();
    await endInterview(p);
    await until(async () => (await session(grace.token, sessionId)).status === 'ended');
    const ended = await session(grace.token, sessionId);
    expect(ended.credits_charged).toBe(5);
    const balance = await (await fetch(`${stack.baseUrl}/api/voice/credits`, { headers: { Authorization: `Bearer ${grace.token}` } })).json();
    expect(balance.balance).toBe(5);
    await credits(p, balance.balance);
    await context.close();
  });
});
