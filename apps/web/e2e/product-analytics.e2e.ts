import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Browser, BrowserContext, Request } from 'playwright-core';
import { baseUrl, launch, newPage, signUp, uniqueEmail } from './browser';

const desktopUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** A marker only posthog-js's own code holds (its autocapture event name). */
const posthogMarker = '$autocapture';

/** The JavaScript a page fetched, by URL. */
function scriptsOf(context: BrowserContext): Map<string, string> {
  const scripts = new Map<string, string>();
  context.on('response', async (res) => {
    if (!res.url().endsWith('.js')) return;
    try {
      scripts.set(res.url(), await res.text());
    } catch {
      // the page navigated away before the body was read
    }
  });
  return scripts;
}

describe('Product analytics, without a key (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('sends nothing anywhere but the app itself and never fetches posthog, through landing, sign-up and a few pages', async () => {
    const { context, page } = await newPage(browser);
    const requests: string[] = [];
    context.on('request', (req) => requests.push(req.url()));
    const scripts = scriptsOf(context);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await signUp(page, uniqueEmail('no-analytics'));
    for (const [path, heading] of [
      ['/', 'Never fail an interview again'],
      ['/leetcode', 'Problem Review'],
      ['/analytics', 'Analytics'],
      ['/settings', 'Profile Settings'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.mouse.click(400, 300);
    }
    await page.waitForLoadState('networkidle');

    const origin = new URL(baseUrl).origin;
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(scripts.size).toBeGreaterThan(1);
    expect([...scripts].filter(([, body]) => body.includes(posthogMarker)).map(([url]) => url)).toEqual([]);
    await context.close();
  });
});

interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
}

/** An event batch as posthog-js posts it: gzip, a base64 form field or plain JSON; one event, a list or `{batch}`. */
function eventsIn(req: Request): CapturedEvent[] {
  const body = req.postDataBuffer();
  if (!body) return [];
  const gzip = body[0] === 0x1f && body[1] === 0x8b;
  const raw = gzip ? gunzipSync(body).toString('utf8') : body.toString('utf8');
  const text = raw.startsWith('data=') ? Buffer.from(decodeURIComponent(raw.slice('data='.length)), 'base64').toString('utf8') : raw;
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : parsed.batch ? parsed.batch : [parsed];
}

describe('Product analytics, with a key (Chromium)', () => {
  const posthogHost = 'http://posthog.analytics.test';
  let browser: Browser;
  let dist: string;

  // The same app built with the key: the build the gateway serves has none.
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'web-posthog-'));
    const web = path.resolve(__dirname, '..');
    const built = spawnSync(
      process.execPath,
      [path.resolve(__dirname, '../../../node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: web,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', VITE_POSTHOG_KEY: 'phc_e2e_test_key', VITE_POSTHOG_HOST: posthogHost },
      },
    );
    if (built.status !== 0) throw new Error('web build with a posthog key failed');
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /**
   * A context whose pages get the keyed build for the app's own files (the gateway still answers
   * /api and /auth/v1), and whose posthog host is a fake that records what arrives.
   */
  async function keyedContext() {
    // A desktop browser's user agent: posthog drops what a headless one sends, as a bot's.
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, userAgent: desktopUserAgent });
    // …and not an automated one (posthog reads navigator.webdriver too), whose client hints do not
    // name it either (the headless shell's brands say HeadlessChrome; a browser without them is Firefox's or Safari's kind).
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
    const page = await context.newPage();
    const events: CapturedEvent[] = [];
    const foreign: string[] = [];
    await context.route(`${posthogHost}/**`, async (route) => {
      const req = route.request();
      if (req.method() === 'POST') events.push(...eventsIn(req));
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"status":1}' });
    });
    await context.route(`${baseUrl}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) return route.continue();
      const file = path.join(dist, pathname);
      const asset = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : path.join(dist, 'index.html');
      const type =
        { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' }[path.extname(asset)] ?? 'application/octet-stream';
      await route.fulfill({ status: 200, contentType: type, body: readFileSync(asset) });
    });
    context.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(`${baseUrl}/`) && !url.startsWith(`${posthogHost}/`) && !url.startsWith('data:')) foreign.push(url);
    });
    return { context, page, events, foreign };
  }

  /** Waits until `events` holds one matching `match` (posthog sends in batches every few seconds). */
  async function eventually(events: CapturedEvent[], match: (e: CapturedEvent) => boolean, what: string): Promise<CapturedEvent> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} arrived; got ${events.map((e) => e.event).join(', ')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('sends page views, clicks and rage clicks, sanitised: no e-mail or token, text cut, the user known by id only', async () => {
    const { context, page, events, foreign } = await keyedContext();
    const email = uniqueEmail('with-analytics');
    const jwtLike = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    // A link carrying an e-mail, a reset token and a JWT, as a mail client might open it.
    await page.goto(`/login?ref=${encodeURIComponent(email)}&token=r3s3t&sig=${jwtLike}`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    const landing = await eventually(events, (e) => e.event === '$pageview', 'page view');
    expect(landing.properties.$current_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\?ref=\[email\]&token=\[token\]&sig=\[token\]$/);

    await signUp(page, email);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_session')!).user.id as string);
    const identify = await eventually(events, (e) => e.event === '$identify', 'identify');
    expect(identify.properties.distinct_id).toBe(userId);

    // A control whose text is long and holds an e-mail and a card number.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'long-control';
      button.textContent = `Pay 4111 1111 1111 1111 for sam@example.org ${'x'.repeat(3000)}`;
      document.querySelector('main')!.prepend(button);
    });
    await page.click('#long-control');
    const click = await eventually(
      events,
      (e) => e.event === '$autocapture' && String(e.properties.$elements_chain ?? e.properties.$el_text ?? '').includes('Pay'),
      'click',
    );
    const chain = String(click.properties.$elements_chain);
    const text = /text="([^"]*)"/.exec(chain)?.[1] ?? String(click.properties.$el_text);
    expect(text.startsWith('Pay [card] for [email] x')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1024);

    // The spec's rage click: 3 clicks within a second and 30 px on a control that does nothing; then 3 slow ones that are not.
    await page.goto('/leetcode');
    await page.getByRole('heading', { level: 1, name: 'Problem Review' }).waitFor();
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.textContent = 'Does nothing';
      document.querySelector('main')!.prepend(button);
    });
    const box = (await page.getByRole('button', { name: 'Does nothing' }).boundingBox())!;
    const [x, y] = [box.x + 10, box.y + box.height / 2];
    for (const dx of [0, 5, 10]) await page.mouse.click(x + dx, y);
    const rage = await eventually(events, (e) => e.event === '$rageclick', 'rage click');
    expect(rage.properties.$current_url).toMatch(/\/leetcode$/);
    for (const dx of [0, 5, 10]) {
      await page.mouse.click(x + dx, y);
      await page.waitForTimeout(1_100);
    }
    await page.goto('/settings');
    await eventually(events, (e) => e.event === '$pageview' && String(e.properties.$current_url).endsWith('/settings'), 'settings page view');
    expect(events.filter((e) => e.event === '$rageclick')).toHaveLength(1);

    const sent = JSON.stringify(events);
    expect(sent).not.toContain(email);
    expect(sent).not.toContain(encodeURIComponent(email));
    expect(sent).not.toMatch(/@example\.(com|org)|eyJ|4111 1111|r3s3t/);
    for (const e of events) {
      for (const [key, value] of Object.entries(e.properties)) {
        if (typeof value === 'string') expect([key, value.length <= 2048]).toEqual([key, true]);
      }
    }
    expect(foreign).toEqual([]);
    await context.close();
  });
});
