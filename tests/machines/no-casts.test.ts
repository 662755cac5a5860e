import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No cast in machines/ (issue 45; docs/design.md §4.8): events are narrowed with assertEvent, unknown
 * values with typed guards or a contract's parse, and what a state's way in always set is read with
 * `required`. The one place a cast stays is the `types: {}` declaration XState asks for (`{} as Context`);
 * `as const` is no cast. A `!` is a cast too, of null away.
 */

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** `types: {…}` in the object given to `setup(…)` or `createMachine(…)`. */
function isTypesDeclaration(node: ts.Node): boolean {
  if (!ts.isPropertyAssignment(node) || node.name.getText() !== 'types' || !ts.isObjectLiteralExpression(node.parent)) return false;
  const call = node.parent.parent;
  if (!ts.isCallExpression(call)) return false;
  const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText();
  return callee === 'setup' || callee === 'createMachine';
}

function isCast(node: ts.Node): boolean {
  if (ts.isAsExpression(node)) return !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const');
  return ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node);
}

/** Each cast in a file's source, as `line text`. */
function castsIn(file: string, text: string = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isTypesDeclaration(node)) return;
    if (isCast(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${line} ${node.getText().replace(/\s+/g, ' ').slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('machines/', () => {
  it('holds no cast outside the types: {} declarations', () => {
    const root = process.cwd();
    const files = filesUnder(join(root, 'machines')).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(30);
    const casts = files.flatMap((file) => castsIn(file).map((cast) => `${relative(root, file)}:${cast}`));
    expect(casts, 'narrow events with assertEvent, unknowns with a guard or a parse, set values with required').toEqual([]);
  });

  it('sees an `as`, a `<T>` and a `!`, and lets `as const` and types: {} be', () => {
    const probe = [
      'setup({ types: { context: {} as Context } });',
      "const a = event as Extract<E, { type: 'x' }>;",
      'const b = <string>value;',
      'const c = context.job!;',
      "const d = ['x'] as const;",
    ].join('\n');
    expect(castsIn('probe.ts', probe).map((cast) => cast.split(' ')[0])).toEqual(['2', '3', '4']);
  });
});
