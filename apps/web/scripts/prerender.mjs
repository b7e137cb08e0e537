// After `vite build`: renders the login page (src/prerender.tsx, built for Node into dist-ssr) into
// dist/index.html, where public/first-paint.js shows it to a signed-out visitor until the app's first
// render replaces it. Inert and hidden from assistive technology: nothing in it works before then.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssr = path.join(web, 'dist-ssr');
const index = path.join(web, 'dist', 'index.html');

// The browser a first visit brings, as far as the page reads it while rendering: nothing stored,
// the light theme, no session to restore.
globalThis.window = { location: new URL('http://localhost/login'), matchMedia: () => ({ matches: false }) };
globalThis.localStorage = { getItem: () => null };
globalThis.document = { documentElement: { getAttribute: (name) => (name === 'data-auth-at-start' ? 'no' : null) } };

try {
  const { renderLoginPage } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);
  const markup = renderLoginPage();
  const html = readFileSync(index, 'utf8');
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender: ${index} has no empty ${root}`);
  writeFileSync(index, html.replace(root, `<div id="root"><div data-prerendered inert aria-hidden="true">${markup}</div></div>`));
  console.log(`pre-rendered the login page into dist/index.html (${(markup.length / 1024).toFixed(1)} KB of HTML)`);
} finally {
  rmSync(ssr, { recursive: true, force: true });
}
