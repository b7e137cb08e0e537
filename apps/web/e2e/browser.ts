import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** A whole app as stack.cjs starts it: the launcher on its own database, streams and mailbox. */
export interface Stack {
  pid: number;
  baseUrl: string;
  mailbox: string;
  adminUrl: string;
  database: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const stacks = require('./stack.cjs') as { startStack(env?: Record<string, string>): Promise<Stack>; stopStack(stack: Stack): Promise<void> };

/**
 * The stack this file's helpers talk to: its jest worker's, of those global-setup started (its own
 * file per run), until the file calls `ownStack`. Files before this one on the same worker may
 * have written to it; no file runs beside it on it.
 */
const perWorker: Stack[] = JSON.parse(readFileSync(process.env.E2E_STACK_FILE!, 'utf8'));
export let stack = perWorker[(Number(process.env.JEST_WORKER_ID ?? '1') - 1) % perWorker.length];
export let baseUrl = stack.baseUrl;

/**
 * A stack of this file's own, started before its tests and stopped after them, for a file that
 * reads the app as a newcomer would (an empty board, the seeded resources only) or configures the
 * services otherwise (`env`). Every helper here, and `stack` and `baseUrl`, then name it: read
 * them inside tests and hooks, not at the file's top level.
 */
export function ownStack(env: () => Record<string, string> = () => ({})): void {
  let own: Stack | undefined;
  beforeAll(async () => {
    own = await stacks.startStack(env());
    stack = own;
    baseUrl = stack.baseUrl;
  }, 120_000);
  // Only this file's own: a start that failed leaves the worker's stack to the files after this one.
  afterAll(async () => {
    if (own) await stacks.stopStack(own);
  });
}
const shots = path.join(__dirname, '..', 'screenshots');
mkdirSync(shots, { recursive: true });

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: Chromium's old headless mode,
 * what Playwright runs its own headless tests on) where it is installed, else the full browser in
 * its new headless mode, which also runs its own interface's WebUI renderers and services.
 * app-shell.e2e alone on 2 cores, three runs each: 65-67 s and 47-50 CPU-s on the shell, 77-87 s
 * and 57-71 CPU-s on the full browser. CHROMIUM_PATH names another.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

/** Chromium headless; `extraArgs` add flags (e.g. a fake microphone). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: the gateway's CSP forbids inline scripts, and axe-core is injected as one.
  const context = await browser.newContext({ baseURL: baseUrl, viewport, colorScheme, bypassCSP: true });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A full-page PNG of what a test checks, into apps/web/screenshots, to look at. The whole suite
 * (`npm test`) sets E2E_SCREENSHOTS=0: nobody looks at them there, and at about 0.5 s each they
 * cost the run over a minute.
 */
export const screenshot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS !== '0') await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * Where the app's auth client keeps its session in localStorage (SESSION_STORAGE_KEY in
 * src/lib/supabase.ts, which reads import.meta and window and so cannot be imported here).
 */
const SESSION_STORAGE_KEY = 'supabase.auth.token';

/** A session for `email` from identity's password grant or sign-up (what the web's auth client gets). */
async function sessionOf(grant: 'signup' | 'token?grant_type=password', email: string, password: string): Promise<{ access_token: string }> {
  const res = await fetch(`${baseUrl}/auth/v1/${grant}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`${grant} ${res.status} ${await res.text()}`);
  return res.json();
}

/** Where a helper that signs in leaves the page: `at` (the caller then waits for what it shows), else where the form would. */
interface SignedInOptions {
  password?: string;
  at?: string;
}

/**
 * Opens `at` signed in with `session`, stored where the auth client keeps it, as a reload would find
 * it. It is written on a blank page of the app's origin, so no page of the app loads twice.
 */
async function openSignedIn(page: Page, session: unknown, at: string): Promise<void> {
  const blank = new URL('/e2e-session-blank', baseUrl).toString();
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>session</title>' }));
  await page.goto(blank);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, JSON.stringify(session)]);
  await page.unroute(blank);
  await page.goto(at);
}

/**
 * Signs an account up and opens `at` signed in, by default "Check your inbox" (where the sign-up
 * form leads a new account) with the signed-in shell waited for. The account is made through the
 * API, as the form would make it: the form itself is auth.e2e's subject, and going through it
 * costs every other test two loads of the app.
 */
export async function signUp(page: Page, email: string, { password = 'secret123', at }: SignedInOptions = {}): Promise<void> {
  await openSignedIn(page, await sessionOf('signup', email, password), at ?? '/check-inbox');
  if (!at) await page.getByTestId('topbar-avatar').waitFor();
}

/** Signs in (a new session carries the account's current role) and opens `at`, by default the home page with the shell waited for, as the sign-in form does. */
export async function signIn(page: Page, email: string, { password = 'secret123', at }: SignedInOptions = {}): Promise<void> {
  await openSignedIn(page, await sessionOf('token?grant_type=password', email, password), at ?? '/');
  if (!at) await page.getByTestId('topbar-avatar').waitFor();
}

/** Signs up through the sign-up form (auth.e2e's subject) and waits for "Check your inbox", where a new account lands. */
export async function signUpThroughForm(page: Page, email: string, password = 'secret123'): Promise<void> {
  await page.goto('/login?tab=signup');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

/** Fills and sends the sign-in form; what follows (the shell, an error) is the caller's to wait for. */
export async function signInThroughForm(page: Page, email: string, password = 'secret123'): Promise<void> {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page; returns serious and critical violations only. axe is put in a document
 * once: parsing its 550 KB took about as long as a run, and walks check one page in four layouts.
 */
export async function seriousA11yViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string; help: string }>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; impact: string; nodes: Array<{ target: string[] }>; help: string }) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).join(', '),
      help: v.help,
    }));
  });
  return result.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
}

/** Makes the account a moderator with the operator command, on the e2e stack's own database (sign in again to carry the role). */
export function grantModerator(email: string): void {
  const url = new URL(stack.adminUrl);
  url.pathname = `/${stack.database}`;
  execFileSync(process.execPath, [path.resolve(__dirname, '../../../scripts/admin.mjs'), 'grant-moderator', email], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: 'pipe',
  });
}

/** A call through the gateway as `token`'s account; a non-2xx answer throws with its body. */
export async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** A session's access token for an account (the same password grant the web's auth client uses). */
export async function tokenOf(email: string, password = 'secret123'): Promise<string> {
  return (await sessionOf('token?grant_type=password', email, password)).access_token;
}

/** Makes an account through the API (no browser), as the sign-up form would; answers its access token. */
export async function createAccount(email: string, password = 'secret123'): Promise<string> {
  return (await sessionOf('signup', email, password)).access_token;
}

/** Signs a new account up through the API (no browser) and answers its address and access token. */
export async function signedUpToken(tag: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag);
  return { email, token: await createAccount(email) };
}

/** A call to the API from inside the page with its session (same origin, same token), as the page itself would make it. */
export async function callAsPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; retryAfter?: number }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('auth_session')!).access_token;
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      const retryAfter = res.headers.get('Retry-After');
      return { status: res.status, json: text ? JSON.parse(text) : undefined, retryAfter: retryAfter ? Number(retryAfter) : undefined };
    },
    { method, path, body },
  );
}

/** `callAsPage` for a fixture (faster than the dialogs): a non-2xx answer throws with its body; answers the JSON. */
export async function fixtureAsPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await callAsPage(page, method, path, body);
  if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
  return json as T;
}

/** Waits until `read` answers `expected` (what a page shows settles after its requests; more slowly on a busy machine). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(value).toEqual(expected);
    await new Promise((r) => setTimeout(r, 100));
  }
}
