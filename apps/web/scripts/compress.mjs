// After `vite build`: writes .br and .gz beside each asset (the gateway serves them as they are)
// and prints what the first page costs: the entry script, what it preloads (the login page, where a
// first visit lands), and the landing page.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = path.join(dist, 'assets');
const gz = {};
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const body = readFileSync(path.join(assets, name));
  const gzip = gzipSync(body, { level: 9 });
  writeFileSync(path.join(assets, `${name}.gz`), gzip);
  writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  gz[name] = gzip.length;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/\/assets\/([^"]+\.js)/g)].map((m) => m[1]);
const landing = Object.keys(gz).filter((n) => /^landing-page-.*\.js$/.test(n));
const kb = (names) => names.reduce((sum, n) => sum + (gz[n] ?? 0), 0) / 1024;
const firstPage = kb([...initial, ...landing]);
console.log(`JavaScript for / (gzip): ${initial.map((n) => `${n} ${(gz[n] / 1024).toFixed(1)} KB`).join(', ')}, landing page ${kb(landing).toFixed(1)} KB`);
console.log(`  total ${firstPage.toFixed(1)} KB of a 150 KB budget`);
if (firstPage > 150) {
  console.error('over the 150 KB budget for /');
  process.exit(1);
}
