// After `vite build`: writes .br and .gz beside each asset (the gateway serves them as they are)
// and prints what the first page costs: the entry script, what it preloads (the login page, where a
// first visit lands), and the landing page. The files are compressed at once on zlib's thread pool,
// not one after another: brotli at its best quality is most of the web build's time (3.1 -> 1.7 s
// on 2 cores), and a first `npm start` waits for it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = path.join(dist, 'assets');
const gzipped = promisify(gzip);
const brotli = promisify(brotliCompress);
const gz = {};
await Promise.all(
  readdirSync(assets)
    .filter((name) => /\.(js|css|svg|json)$/.test(name))
    .map(async (name) => {
      const body = readFileSync(path.join(assets, name));
      const [small, smaller] = await Promise.all([gzipped(body, { level: 9 }), brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })]);
      writeFileSync(path.join(assets, `${name}.gz`), small);
      writeFileSync(path.join(assets, `${name}.br`), smaller);
      gz[name] = small.length;
    }),
);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// What a first visit loads: the app's scripts (index.html's template), not the list of a signed-in start's chunks beside them.
const appScripts = html.match(/<template id="app-scripts">([\s\S]*?)<\/template>/)?.[1];
if (!appScripts) throw new Error('index.html has no <template id="app-scripts">');
const initial = [...appScripts.matchAll(/\/assets\/([^"]+\.js)/g)].map((m) => m[1]);
const landing = Object.keys(gz).filter((n) => /^landing-page-.*\.js$/.test(n));
const kb = (names) => names.reduce((sum, n) => sum + (gz[n] ?? 0), 0) / 1024;
const firstPage = kb([...initial, ...landing]);
console.log(`JavaScript for / (gzip): ${initial.map((n) => `${n} ${(gz[n] / 1024).toFixed(1)} KB`).join(', ')}, landing page ${kb(landing).toFixed(1)} KB`);
console.log(`  total ${firstPage.toFixed(1)} KB of a 150 KB budget`);
if (firstPage > 150) {
  console.error('over the 150 KB budget for /');
  process.exit(1);
}
