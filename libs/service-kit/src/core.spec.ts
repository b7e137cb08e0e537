import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every module reachable from `entry` through relative imports, with the packages each imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g)].map((m) => m[1] ?? m[2]);
    graph.set(
      file,
      specifiers.filter((s) => !s.startsWith('.')),
    );
    for (const relative of specifiers.filter((s) => s.startsWith('.'))) {
      const base = path.resolve(path.dirname(file), relative);
      const resolved = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return graph;
}

describe('the framework-free core', () => {
  it('reaches no NestJS module, so the Express gateway does not depend on NestJS', () => {
    const graph = importGraph(path.join(__dirname, 'core.ts'));
    const nest = [...graph].flatMap(([file, packages]) =>
      packages.filter((p) => p.startsWith('@nestjs/') || p === 'reflect-metadata').map((p) => `${path.relative(__dirname, file)} → ${p}`),
    );
    expect(nest).toEqual([]);
    expect(graph.size).toBeGreaterThan(10);
  });

  it('is what the NestJS adapter builds on: the full entry re-exports it', () => {
    const graph = importGraph(path.join(__dirname, 'index.ts'));
    expect([...graph.values()].flat()).toContain('@nestjs/core');
  });
});
