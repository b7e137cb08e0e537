// Monogram logos for the seeded companies, written as PNG with Node alone (zlib), so no logo comes
// from a third-party host. Names are read from the seed migration; the file name is the web's logo
// path rule (lower-cased name, spaces as hyphens). It also writes the list of those names the web
// reads, so a page asks only for logos that exist. Run: node apps/web/scripts/make-logos.mjs
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = readFileSync(path.join(here, '../../../services/interviews/migrations/0002_seed_companies.sql'), 'utf8');
const names = [...seed.matchAll(/^\s*\('([^']+)',\s*'https?:/gm)].map((m) => m[1]);
const outDir = path.join(here, '../public/logos');
const listFile = path.join(here, '../src/features/interviews/components/logo-slugs.ts');

/** 5×7 capitals, one string of five bits per row. */
const glyphs = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
};

const size = 96;
const radius = 20;

/** A stable, fairly dark colour per name, so white letters on it stay readable. */
function colourOf(name) {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  const s = 0.55,
    l = 0.38;
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const monogram = (name) => {
  const words = name.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : words[0][0]).toUpperCase();
};

function draw(name) {
  const [r, g, b] = colourOf(name);
  const pixels = Buffer.alloc(size * size * 4);
  const inside = (x, y) => {
    // Rounded square: outside the corner circles is transparent.
    const cx = Math.min(Math.max(x, radius), size - 1 - radius);
    const cy = Math.min(Math.max(y, radius), size - 1 - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if (inside(x, y)) pixels.set([r, g, b, 255], i);
    }
  }
  const letters = [...monogram(name)].filter((c) => glyphs[c]);
  const scale = letters.length > 1 ? 6 : 8;
  const gap = scale;
  const width = letters.length * 5 * scale + (letters.length - 1) * gap;
  const left = Math.round((size - width) / 2);
  const top = Math.round((size - 7 * scale) / 2);
  letters.forEach((letter, n) => {
    glyphs[letter].split(' ').forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const x = left + n * (5 * scale + gap) + gx * scale + dx;
            const y = top + gy * scale + dy;
            pixels.set([255, 255, 255, 255], (y * size + x) * 4);
          }
        }
      });
    });
  });
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (names.length === 0) throw new Error('no company names found in the seed migration');
mkdirSync(outDir, { recursive: true });
const slugOf = (name) => name.trim().toLowerCase().replace(/\s+/g, '-');
for (const name of names) writeFileSync(path.join(outDir, `${slugOf(name)}.png`), png(draw(name)));
const slugs = names.map(slugOf).sort();
writeFileSync(
  listFile,
  [
    '// Written by apps/web/scripts/make-logos.mjs beside public/logos: the companies that have a logo there.',
    'export const logoSlugs: ReadonlySet<string> = new Set([',
    ...slugs.map((slug) => `  '${slug}',`),
    ']);',
    '',
  ].join('\n'),
);
console.log(`wrote ${names.length} logos to ${path.relative(process.cwd(), outDir)} and their list to ${path.relative(process.cwd(), listFile)}`);
