#!/usr/bin/env node
// Writes docs/api-reference.md from the endpoint declarations (libs/contracts, built first by `npm run docs:api`).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { apiReferenceMarkdown } = createRequire(import.meta.url)('../libs/contracts/dist/index.js');
const file = new URL('../docs/api-reference.md', import.meta.url);
writeFileSync(file, apiReferenceMarkdown());
console.log(`wrote ${file.pathname}`);
