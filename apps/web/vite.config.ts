import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import * as contractsApi from '../../libs/contracts/src/api';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

type Bundle = Record<string, { type: string; imports?: string[]; facadeModuleId?: string | null; isEntry?: boolean; moduleIds?: string[] }>;

/** A chunk's file and every chunk it imports statically, as the browser would find them one level at a time. */
function staticClosure(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports ?? []) staticClosure(bundle, imported, into);
  return into;
}

/** The chunk whose own module is `module` (an absolute path); the build fails without one. */
function chunkOf(bundle: Bundle, module: string, plugin: string): string {
  const found = Object.keys(bundle).find((f) => bundle[f].type === 'chunk' && bundle[f].facadeModuleId === module);
  if (!found) throw new Error(`${plugin}: no chunk for ${path.relative(__dirname, module)}`);
  return found;
}

const loginPageModule = path.resolve(__dirname, 'src/features/auth/login-page.tsx');

/**
 * A first visit lands on the login page (every path asks a signed-out visitor to sign in), so its
 * code is preloaded beside the entry instead of being found after it: one round trip less before
 * it paints. Returning users have it cached.
 */
function preloadLoginPage(): Plugin {
  return {
    name: 'preload-login-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = (ctx.bundle ?? {}) as unknown as Bundle;
        return [...staticClosure(bundle, chunkOf(bundle, loginPageModule, 'preload-login-page'))]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/** Signed-in pages whose code before their content loads no zod. */
const schemaFreePages = ['/leetcode', '/analytics', '/ai-mocks', '/candidate-interviews', '/pathfinder'];
const zod = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * A returning candidate opens a signed-in page: its code is the shell (layout, data layer) and the
 * page's (auth-js waits until the page has shown its content, see lib/after-content.ts), each a lazy chunk whose imports
 * the browser finds only once it has arrived, level after level (modulePreload is off, see build). This writes, beside the app's scripts, which
 * chunks each signed-in page needs at start and which only the login page does; public/first-paint.js
 * preloads the first all at once with the entry when a session is stored, and drops the login page's
 * preloads then. The pages are route-prefetch.ts's, read from its source: one list of them.
 */
function preloadSignedInStart(): Plugin {
  const source = (file: string) => path.resolve(__dirname, 'src', file);
  const pagePattern = /^\s*'(\/[\w/-]*)': \{\s*code: \(\) => import\('@\/([\w/-]+)'\)/gm;
  const pages = [...readFileSync(source('app/route-prefetch.ts'), 'utf8').matchAll(pagePattern)].map(([, route, module]) => ({
    route,
    module: source(`${module}.tsx`),
  }));
  const shell = ['app/shell/layout.tsx', 'app/route-prefetch.ts', 'lib/query-provider.tsx'].map(source);
  return {
    name: 'preload-signed-in-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = (ctx.bundle ?? {}) as unknown as Bundle;
        const chunk = (module: string) => chunkOf(bundle, module, 'preload-signed-in-start');
        if (pages.length < 5) throw new Error(`preload-signed-in-start: only ${pages.length} pages read from src/app/route-prefetch.ts`);
        const entry = Object.keys(bundle).find((f) => bundle[f].isEntry);
        const loaded = entry ? staticClosure(bundle, entry) : new Set<string>();
        const start = new Set<string>();
        for (const file of shell.map(chunk)) staticClosure(bundle, file, start);
        const beyond = (files: Set<string>) => [...files].filter((f) => !loaded.has(f) && !start.has(f)).map((f) => `/${f}`);
        // These pages' first screens show the contracts' words, not their schemas (the forms load
        // later, lib/deferred.tsx): zod in their start is a module that took a label from a schema's
        // module again (see pureContractDeclarations, and the *-labels.ts modules).
        for (const route of schemaFreePages) {
          const page = pages.find((p) => p.route === route);
          if (!page) throw new Error(`preload-signed-in-start: ${route} is not one of route-prefetch.ts's pages`);
          const withZod = [...staticClosure(bundle, chunk(page.module), new Set(start))].filter((f) => bundle[f].moduleIds?.some((id) => zod.test(id)));
          if (withZod.length > 0) throw new Error(`preload-signed-in-start: ${route} loads zod at start (${withZod.join(', ')})`);
        }
        const chunks = {
          start: [...start].filter((f) => !loaded.has(f)).map((f) => `/${f}`),
          pages: Object.fromEntries(pages.map(({ route, module }) => [route, beyond(staticClosure(bundle, chunk(module)))])),
          loginOnly: beyond(staticClosure(bundle, chunk(loginPageModule))),
        };
        // JSON in a non-script type: data the page reads, nothing the Content-Security-Policy runs.
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'signed-in-chunks' }, children: JSON.stringify(chunks), injectTo: 'head' as const }];
      },
    },
  };
}

/**
 * The app's scripts (the entry and its preloads) move into `<template id="app-scripts">`, which
 * public/first-paint.js inserts: at once, or, when the pre-rendered login page is showing, once it has
 * painted. That paint then waits for the HTML and the stylesheet only, not for the entry's 110 KB.
 */
function deferAppScripts(): Plugin {
  const tag = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;
  return {
    name: 'defer-app-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = html.match(tag)?.map((t) => t.trim()) ?? [];
        if (!scripts.some((t) => t.startsWith('<script'))) throw new Error('defer-app-scripts: no module script in index.html');
        return html.replace(tag, '').replace('</head>', `  <template id="app-scripts">${scripts.join('')}</template>\n  </head>`);
      },
    },
  };
}

/**
 * Excalidraw (System Design's canvas) loads its fonts at run time from EXCALIDRAW_ASSET_PATH
 * (/excalidraw/): they are copied there from the package, since the Content-Security-Policy allows
 * fonts from our origin only. Xiaolai (CJK, 13 MB) is left out: such text falls back to a system font.
 */
function excalidrawFonts(): Plugin {
  const fonts = path.resolve(__dirname, '../../node_modules/@excalidraw/excalidraw/dist/prod/fonts');
  return {
    name: 'excalidraw-fonts',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle() {
      for (const family of readdirSync(fonts).filter((f) => f !== 'Xiaolai')) {
        for (const file of readdirSync(path.join(fonts, family))) {
          this.emitFile({ type: 'asset', fileName: `excalidraw/fonts/${family}/${file}`, source: readFileSync(path.join(fonts, family, file)) });
        }
      }
    },
  };
}

/**
 * The web calls an endpoint by its method and path (lib/api.ts), and shows one's `notFound`; the
 * declarations' schemas are the services' and the OpenAPI document's. In the web's build the
 * contracts' API module is a table of those three fields, read from the declarations when the build
 * starts: the signed-in start no longer loads zod and every request and answer schema to make a
 * call (with libs/contracts' `sideEffects: false`, a page loads the contracts modules it uses only).
 * The web's lint forbids reading any other field of a declaration.
 */
function endpointTable(): Plugin {
  const module = path.resolve(__dirname, '../../libs/contracts/src/api/index.ts');
  const called = (group: Record<string, { method: string; path: string; notFound?: string }>) =>
    Object.fromEntries(Object.entries(group).map(([name, spec]) => [name, { method: spec.method, path: spec.path, notFound: spec.notFound }]));
  return {
    name: 'endpoint-table',
    // The dev server reads the declarations themselves, so an edit of one shows without a restart.
    apply: 'build',
    load(id) {
      if (id !== module) return null;
      const exported = Object.entries(contractsApi).filter(([name]) => name !== 'apiByService' && name !== 'allEndpoints');
      const groups = exported.filter(([name]) => name.endsWith('Api')) as Array<[string, Parameters<typeof called>[0]]>;
      const others = exported.filter(([name]) => !name.endsWith('Api')).map(([name]) => name);
      const byService = Object.entries(contractsApi.apiByService).map(([service, group]) => [service, called(group)]);
      return [
        `export { ${others.join(', ')} } from './identity';`,
        ...groups.map(([name, group]) => `export const ${name} = ${JSON.stringify(called(group))};`),
        `export const apiByService = ${JSON.stringify(Object.fromEntries(byService))};`,
        `export const allEndpoints = () => Object.entries(apiByService).flatMap(([service, group]) => Object.values(group).map((endpoint) => ({ service, endpoint })));`,
      ].join('\n');
    },
  };
}

/**
 * In the web's build, a contracts module's top-level declarations are marked free of side effects,
 * each call in them (`z.object(...)`, `.extend(...)`, a message built with formatCount) annotated
 * pure: a page that takes a label or a function from a module then no longer builds every schema
 * beside it, nor loads zod for them (a bundler cannot tell on its own that building a schema
 * changes nothing else). Calls inside functions run when called and are left as they are; nothing
 * in the contracts registers itself as a module loads.
 */
function pureContractDeclarations(): Plugin {
  const contracts = path.resolve(__dirname, '../../libs/contracts/src') + path.sep;
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const calls = (node: Node, found: Node[]) => {
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'ClassExpression') return;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') found.push(node);
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) calls(child, found);
    }
  };
  return {
    name: 'pure-contract-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(contracts) || id.includes('.spec.')) return null;
      const found: Node[] = [];
      for (const statement of parseAst(code).body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) if (isNode(declarator.init)) calls(declarator.init, found);
      }
      if (found.length === 0) return null;
      // Each call wrapped as (/* @__PURE__ */ call), so a call in a chain (z.object(…).extend(…)) is annotated too.
      const edits = found.flatMap((call) => [
        { at: call.start, text: '(/* @__PURE__ */ ', span: call.end - call.start },
        { at: call.end, text: ')', span: call.end - call.start },
      ]);
      // From the end backwards; at one offset an outer call's opening goes before an inner one's.
      edits.sort((a, b) => b.at - a.at || a.span - b.span);
      let out = code;
      for (const edit of edits) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    endpointTable(),
    pureContractDeclarations(),
    react(),
    tailwindcss(),
    preloadLoginPage(),
    preloadSignedInStart(),
    deferAppScripts(),
    excalidrawFonts(),
  ],
  resolve: {
    alias: {
      // Before the package's index: the login form's checks alone, not all of contracts (147 KB).
      '@app/contracts/auth': path.resolve(__dirname, '../../libs/contracts/src/auth.ts'),
      '@app/contracts': path.resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@': path.resolve(__dirname, 'src'),
    },
  },
  server: { proxy: { '/api': gateway, '/auth/v1': gateway } },
  build: {
    reportCompressedSize: true,
    chunkSizeWarningLimit: 500,
    // No list of each lazy route's shared chunks in the entry, fetched beside the route: those lists
    // were 3.3 KB of the entry's gzip, which the first page cannot spare (150 KB budget). A route
    // opened for the first time finds its shared chunks when its own arrives (a round trip more,
    // once). A lazy chunk's CSS is still loaded with it.
    modulePreload: false,
  },
});
