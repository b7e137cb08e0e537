#!/usr/bin/env node
// `npm run new-service -- <name> [--prefix /api/<name>]`: a new NestJS service on the platform.
// Lists it in the registry, declares its first endpoint, and writes services/<name> with a feature
// folder, a migration and an integration test. docs/adding-a-service.md says what is left to write.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const prefixArg = args.includes('--prefix') ? args[args.indexOf('--prefix') + 1] : undefined;
const fail = (message) => {
  console.error(`new-service: ${message}`);
  process.exit(2);
};

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
  fail('usage: npm run new-service -- <name>   (lower-case letters, digits and hyphens, e.g. "mentoring")');
const dir = path.join(root, 'services', name);
if (existsSync(dir)) fail(`services/${name} already exists`);
const camel = name.replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase());
const pascal = camel[0].toUpperCase() + camel.slice(1);
const snake = name.replace(/-/g, '_');
const prefix = prefixArg ?? `/api/${name}`;
if (!/^\/api\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(prefix)) fail(`prefix ${prefix} must look like /api/<words>`);

const write = (file, text) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  console.log(`  wrote ${file}`);
};

// 1. The registry: one entry, on the next free port.
const registryFile = 'libs/contracts/src/registry.ts';
let registry = readFileSync(path.join(root, registryFile), 'utf8');
if (new RegExp(`name: '${name}'`).test(registry)) {
  console.log(`  ${registryFile} already lists ${name}`);
} else {
  const ports = [...registry.matchAll(/port: (\d+)/g)].map((m) => Number(m[1]));
  const port = Math.max(...ports) + 1;
  const entry = `  {\n    name: '${name}',\n    prefixes: ['${prefix}'],\n    port: ${port},\n    produces: [],\n    consumes: ['identity.user.deleted'],\n  },\n`;
  registry = registry.replace('] as const satisfies readonly ServiceEntry[];', `${entry}] as const satisfies readonly ServiceEntry[];`);
  writeFileSync(path.join(root, registryFile), registry);
  console.log(`  listed ${name} in ${registryFile} (port ${port}, prefix ${prefix})`);
}

// 2. Its first endpoint, declared once.
const apiFile = `libs/contracts/src/api/${name}.ts`;
if (!existsSync(path.join(root, apiFile))) {
  write(
    apiFile,
    `import { z } from 'zod';
import { endpoint } from '../http/endpoint';

export const ${camel}ItemSchema = z.object({ id: z.string().uuid(), title: z.string(), created_at: z.string() });

export const ${camel}Api = {
  list${pascal}Items: endpoint({
    id: 'list${pascal}Items',
    method: 'GET',
    path: '${prefix}',
    summary: "The caller's ${name} items, newest first",
    status: 200,
    response: z.array(${camel}ItemSchema),
    errors: ['unauthorized'],
  }),
};
`,
  );
  const indexFile = path.join(root, 'libs/contracts/src/api/index.ts');
  let index = readFileSync(indexFile, 'utf8');
  index = index.replace(/(import \{ \w+ \} from '\.\/\w[\w-]*';\n)(?!import)/, `$1import { ${camel}Api } from './${name}';\n`);
  index = index.replace(/export \{ ([^}]*) \};/, (_m, names) => `export { ${names}, ${camel}Api };`);
  const key = name.includes('-') ? `'${name}'` : name;
  index = index.replace(/(\n} as const satisfies Record<ServiceName)/, `\n  ${key}: ${camel}Api,$1`);
  writeFileSync(indexFile, index);
  console.log('  added it to libs/contracts/src/api/index.ts');
}

// 3. The service.
const kitDependencies = JSON.parse(readFileSync(path.join(root, 'libs/service-kit/package.json'), 'utf8')).dependencies;
const pkg = {
  name: `@app/${name}`,
  version: '0.1.0',
  private: true,
  main: 'dist/index.js',
  scripts: {
    build: 'swc src -d dist --strip-leading-paths --config-file ../../.swcrc --quiet',
    typecheck: 'tsc -p tsconfig.json --noEmit',
    lint: 'eslint src',
    test: 'jest',
  },
  // What its code imports, at the kit's ranges (npm run lint checks each workspace declares its imports).
  dependencies: {
    '@app/contracts': '*',
    '@app/service-kit': '*',
    '@nestjs/common': kitDependencies['@nestjs/common'],
    '@nestjs/microservices': kitDependencies['@nestjs/microservices'],
  },
};
const base = `services/${name}`;
write(`${base}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
write(`${base}/tsconfig.json`, `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', 'test'] }, null, 2)}\n`);
write(`${base}/jest.config.js`, "module.exports = { ...require('../../jest.preset.js'), rootDir: __dirname };\n");
write(
  `${base}/src/main.ts`,
  `import { runServiceMain } from '@app/service-kit';\nimport { ${camel}Service } from './service';\n\nrunServiceMain(${camel}Service);\n`,
);
write(`${base}/src/index.ts`, `export { ${camel}Service } from './service';\n`);
write(
  `${base}/src/service.ts`,
  `import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceDefinition } from '@app/service-kit';
import { ${pascal}Module } from './${name}/${name}.module';

@Module({ imports: [${pascal}Module] })
class ${pascal}AppModule {}

export const ${camel}Service: ServiceDefinition = {
  name: '${name}',
  module: ${pascal}AppModule,
  migrationsDir: path.join(__dirname, '..', 'migrations'),
};
`,
);
write(
  `${base}/src/${name}/${name}.module.ts`,
  `import { Module } from '@nestjs/common';
import { ${pascal}Controller } from './${name}.controller';
import { ${pascal}Events } from './${name}.events';
import { ${pascal}Repository } from './${name}.repository';

@Module({ controllers: [${pascal}Controller, ${pascal}Events], providers: [${pascal}Repository] })
export class ${pascal}Module {}
`,
);
write(
  `${base}/src/${name}/${name}.controller.ts`,
  `import { Controller } from '@nestjs/common';
import { AuthUser, ${camel}Api } from '@app/contracts';
import { CurrentUser, Endpoint } from '@app/service-kit';
import { ${pascal}Repository } from './${name}.repository';

@Controller()
export class ${pascal}Controller {
  constructor(private readonly items: ${pascal}Repository) {}

  @Endpoint(${camel}Api.list${pascal}Items)
  list(@CurrentUser() user: AuthUser) {
    return this.items.listFor(user.id);
  }
}
`,
);
write(
  `${base}/src/${name}/${name}.events.ts`,
  `import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventData } from '@app/contracts';
import { EventContext } from '@app/service-kit';
import { ${pascal}Repository } from './${name}.repository';

@Controller()
export class ${pascal}Events {
  constructor(private readonly items: ${pascal}Repository) {}

  /** The account is gone: so is everything this service kept of it. */
  @EventPattern('identity.user.deleted', { durable: '${name}.user-deleted' })
  async onUserDeleted(@Payload() { user_id }: EventData<'identity.user.deleted'>, @Ctx() { tx }: EventContext) {
    await this.items.eraseAllOf(tx, user_id);
  }
}
`,
);
write(
  `${base}/src/${name}/${name}.repository.ts`,
  `import { Inject, Injectable } from '@nestjs/common';
import { Database, Tx } from '@app/service-kit';

@Injectable()
export class ${pascal}Repository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async listFor(userId: string) {
    const { rows } = await this.db.query<{ id: string; title: string; created_at: Date }>(
      'SELECT id, title, created_at FROM ${snake}_items WHERE user_id = $1 ORDER BY created_at DESC, id',
      [userId],
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  async eraseAllOf(tx: Tx, userId: string): Promise<void> {
    await tx.query('DELETE FROM ${snake}_items WHERE user_id = $1', [userId]);
  }
}
`,
);
write(
  `${base}/migrations/0001_${snake}.sql`,
  `CREATE TABLE ${snake}_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ${snake}_items_user ON ${snake}_items (user_id, created_at DESC);
`,
);
write(
  `${base}/test/${name}.spec.ts`,
  `import { RunningService } from '@app/service-kit';
import { TestEnvironment } from '@app/service-kit/testing';
import request from 'supertest';
import { ${camel}Service } from '../src';

describe('${name}', () => {
  let env: TestEnvironment;
  let svc: RunningService;

  beforeAll(async () => {
    env = await TestEnvironment.create();
    svc = await env.start(${camel}Service);
  });
  afterAll(() => env.close());

  it('answers an empty list to a new user, and 401 without a token', async () => {
    const res = await request(svc.url).get('${prefix}').set(await env.authHeader(env.newUser()));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await request(svc.url).get('${prefix}')).status).toBe(401);
  });
});
`,
);

// 4. Link the new workspace so @app/${name} resolves and Nx sees the project.
if (!args.includes('--no-install')) {
  console.log('  npm install (links the workspace)');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
console.log(`\nDone. Next: docs/adding-a-service.md ("What is left to write"). Try: npx nx test @app/${name}`);
