import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `import-x/no-cycle` in eslint skips type-only imports, and a circle of types still ties the modules'
// meanings together (and turns into a runtime circle the day one of them imports a value). This counts
// every static import and re-export, types included; dynamic `import()` is a lazy edge and stays out.

const root = join(import.meta.dirname, '../..');
const FOLDERS = ['server', 'src', 'contracts', 'machines'];

const sourceFiles = (): string[] =>
  FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
      .map((e) => resolve(e.parentPath, e.name)),
  );

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveSpecifier = (from: string, specifier: string) => {
    const base = resolve(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/gm),
      ...text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
    ].map((m) => m[1]!);
    graph.set(
      file,
      specifiers.map((s) => resolveSpecifier(file, s)).filter((f): f is string => f !== undefined),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one module: each is a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no circle, type-only imports included', () => {
    expect(circles(importGraph(sourceFiles()))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph).map((c) => c.length)).toEqual([3]);
  });
});
