import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * `npm run machines:paths -- <machine>`: the model-based test paths of a machine, as numbered steps a
 * tester can read and question (machines/README.md). The paths are the tests' own: each generated
 * test is named by its path (describePath in tests/machines/support/replay.ts), and `vitest list`
 * gives those names without running anything.
 */

const root = process.cwd();
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

const kebab = (name: string) =>
  name
    .replace(/Machine$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
const wanted = kebab(process.argv[2] ?? '');
const machines = filesUnder(join(root, 'machines')).filter((file) => file.endsWith('.machine.ts'));
const names = machines.map((file) => file.split('/').pop()!.replace('.machine.ts', ''));

if (!wanted || !names.includes(wanted)) {
  console.error(`Usage: npm run machines:paths -- <machine>\nMachines: ${names.sort().join(', ')}`);
  process.exit(wanted ? 1 : 0);
}

const machineFile = machines[names.indexOf(wanted)]!;
const importPath = relative(root, machineFile).replace(/\.ts$/, '');
const tests = filesUnder(join(root, 'tests', 'machines')).filter(
  (file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes(`${importPath}'`),
);
if (tests.length === 0) {
  console.error(`No test under tests/machines imports ${importPath}.`);
  process.exit(1);
}

// Written to a file: vitest exits before a piped stdout is flushed.
const listFile = join(mkdtempSync(join(tmpdir(), 'machine-paths-')), 'tests.json');
execFileSync('npx', ['vitest', 'list', '--project', 'unit', `--json=${listFile}`, ...tests.map((file) => relative(root, file))], {
  stdio: 'ignore',
});
const listed = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ name: string; file: string }>;

/** 'suite > xstate.init → a → done.actor:x ⇒ "state"' → its suite, steps and end; null for a test that is not a path. */
function pathOf(name: string): { suite: string; steps: string[]; end: string } | null {
  const at = name.lastIndexOf(' > ');
  const suite = at >= 0 ? name.slice(0, at) : '';
  const test = at >= 0 ? name.slice(at + 3) : name;
  const match = /^xstate\.init(.*) ⇒ (.+)$/.exec(test);
  if (!match) return null;
  const steps = (match[1] ?? '').split(' → ').filter(Boolean);
  return { suite, steps, end: match[2] ?? '' };
}

const paths = listed.map((test) => ({ test, path: pathOf(test.name) }));
const modelPaths = paths.filter((entry) => entry.path !== null);
console.log(`${wanted}: ${modelPaths.length} paths from ${tests.map((file) => relative(root, file)).join(', ')}\n`);
modelPaths.forEach(({ path }, index) => {
  console.log(`${index + 1}. ${path!.suite}`);
  console.log('   start');
  for (const step of path!.steps) console.log(`   → ${step}`);
  console.log(`   ⇒ ends in ${path!.end}\n`);
});
const others = paths.filter((entry) => entry.path === null);
if (others.length > 0) {
  console.log('Other checks of this machine:');
  for (const { test } of others) console.log(`   • ${test.name}`);
}
