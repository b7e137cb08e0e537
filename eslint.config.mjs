import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * A web feature (apps/web/src/features/<name>) imports shared code (components, lib, app) and
 * never another feature: the app composes features, features do not reach into each other.
 */
const featureBoundaries = {
  meta: { type: 'problem', messages: { crossFeature: "Feature '{{from}}' imports feature '{{to}}': move what both need to src/components or src/lib" } },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const own = /\/apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/features/')) target = source.split('/')[2];
      else if (source.startsWith('.')) target = /\/apps\/web\/src\/features\/([^/]+)/.exec(path.posix.join(path.posix.dirname(file), source))?.[1];
      if (target && target !== own) context.report({ node, messageId: 'crossFeature', data: { from: own, to: target } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/screenshots/**', '**/.nx/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A promise nobody awaits loses its failure: type-aware, so it sees through helpers.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }] },
  },
  {
    // No import cycles (issue 25): a cycle makes load order decide what is still undefined. Types
    // count too, so a config type lives in config.ts and not in the file that wires the modules.
    // Cycles can only close inside one workspace (Nx keeps the packages a DAG), so an import of
    // another workspace (@app/*) is not followed: ignoreExternal, and it keeps the rule fast.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps', 'services', 'libs', 'tests'].map((dir) => `${import.meta.dirname}/${dir}/*/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/feature-boundaries': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // practiceApi.listQuestions.body: in the web's build an endpoint is its method, path and notFound (vite.config.ts, endpointTable).
          selector: "MemberExpression[object.type='MemberExpression'][object.object.name=/Api$/][property.name!=/^(method|path|notFound)$/]",
          message: "The web's build keeps an endpoint's method, path and notFound only (apps/web/vite.config.ts): import the schema itself.",
        },
      ],
    },
  },
  {
    // The gateway is Express only: the kit's framework-free core, never NestJS.
    files: ['apps/gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@app/service-kit', message: "Import '@app/service-kit/core': the full kit brings NestJS with it." }],
          patterns: [{ group: ['@nestjs/*'], message: 'The gateway does not depend on NestJS.' }],
        },
      ],
    },
  },
  {
    // Config files and command-line scripts: CommonJS, and printing is their job.
    files: ['**/*.js', '**/*.cjs', '**/scripts/**', 'bench/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
);
