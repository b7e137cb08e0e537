#!/usr/bin/env node
// Writes docs/configuration.md from the config schemas of the gateway and every service (built first by `npm run docs:config`).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registryServices } from './stack.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { configurationMarkdown } = require(path.join(root, 'libs/service-kit/dist/core.js'));
const { gatewayConfigShape } = require(path.join(root, 'apps/gateway/dist/config.js'));
const services = registryServices(root).map((s) => require(path.join(root, s.dir, 'dist', 'index.js'))[s.definition]);
const file = path.join(root, 'docs', 'configuration.md');
writeFileSync(file, configurationMarkdown(gatewayConfigShape, services));
console.log(`wrote ${file}`);
