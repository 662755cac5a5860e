import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from '../../server/web-build';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project() {
  const root = mkdtempSync(join(tmpdir(), 'semear-build-'));
  dirs.push(root);
  mkdirSync(join(root, 'src', 'features'), { recursive: true });
  writeFileSync(join(root, 'src', 'features', 'a.tsx'), 'x');
  writeFileSync(join(root, 'index.html'), 'x');
  const old = new Date('2026-01-01T00:00:00Z');
  utimesSync(join(root, 'src', 'features', 'a.tsx'), old, old);
  utimesSync(join(root, 'index.html'), old, old);
  return root;
}

describe('webBuildIsStale', () => {
  it('is stale without dist/index.html', () => {
    expect(webBuildIsStale(project())).toBe(true);
  });

  it('is fresh when dist is newer than every source, stale once a source changes', () => {
    const root = project();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'built');
    expect(webBuildIsStale(root)).toBe(false);
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'src', 'features', 'a.tsx'), 'changed');
    utimesSync(join(root, 'src', 'features', 'a.tsx'), later, later);
    expect(webBuildIsStale(root)).toBe(true);
  });
});
