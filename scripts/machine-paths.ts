import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

/**
 * `npm run machines:paths`: every machine with the number of paths its model-based tests walk;
 * `npm run machines:paths -- <machine>`: those paths, as numbered steps a tester can read and
 * question (machines/README.md). The paths are the tests' own: each generated
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
const machineTests = filesUnder(join(root, 'tests', 'machines')).filter((file) => file.endsWith('.test.ts'));

if (wanted && !names.includes(wanted)) {
  console.error(
    `No machine named ${process.argv[2]}.\nUsage: npm run machines:paths -- <machine>\nMachines: ${[...names].sort().join(', ')}`,
  );
  process.exit(1);
}

/** The test files under tests/machines that import a machine (its model-based tests among them). */
function testsOf(machineFile: string): string[] {
  const importPath = relative(root, machineFile).replace(/\.ts$/, '');
  return machineTests.filter((file) => readFileSync(file, 'utf8').includes(`${importPath}'`));
}

interface Listed {
  name: string;
  file: string;
}

/** Every test of these files by name, from one `vitest list` (nothing runs). */
function listTests(files: string[]): Listed[] {
  if (files.length === 0) return [];
  // Written to a file: vitest exits before a piped stdout is flushed.
  const listFile = join(mkdtempSync(join(tmpdir(), 'machine-paths-')), 'tests.json');
  execFileSync('npx', ['vitest', 'list', '--project', 'unit', `--json=${listFile}`, ...files.map((file) => relative(root, file))], {
    stdio: 'ignore',
  });
  return JSON.parse(readFileSync(listFile, 'utf8')) as Listed[];
}

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

const importers = new Map(machines.map((file, index) => [names[index]!, testsOf(file)]));

/**
 * Whether a listed test is about this machine. A file that imports several machines (the checkout's
 * steps, the editor and its sections) names each machine in its top suite: the test goes to the
 * machine whose name's words the suite holds most ('contact step' → contact-step).
 */
function isAbout(machine: string, test: Listed): boolean {
  const file = resolve(root, test.file);
  const sharing = names.filter((name) => importers.get(name)!.includes(file));
  if (!sharing.includes(machine)) return false;
  if (sharing.length === 1) return true;
  const suite = test.name.split(' > ')[0]!.toLowerCase();
  const score = (name: string) => name.split('-').filter((word) => suite.includes(word)).length;
  const best = Math.max(...sharing.map(score));
  return best === 0 || score(machine) === best;
}

if (!wanted) {
  // No name: every machine with how many paths its model-based tests walk.
  const byMachine = names.map((name) => ({ name, tests: importers.get(name)! }));
  const listed = listTests([...new Set(byMachine.flatMap((machine) => machine.tests))]);
  const width = Math.max(...names.map((name) => name.length));
  console.log('Model-based test paths of each machine (npm run machines:paths -- <machine> prints them step by step):\n');
  for (const { name, tests } of byMachine.sort((a, b) => a.name.localeCompare(b.name))) {
    const count = listed.filter((test) => isAbout(name, test) && pathOf(test.name) !== null).length;
    const where = tests.length === 0 ? 'no test under tests/machines imports it' : tests.map((file) => relative(root, file)).join(', ');
    console.log(`  ${name.padEnd(width)}  ${String(count).padStart(4)} ${count === 1 ? 'path ' : 'paths'}  ${where}`);
  }
  process.exit(0);
}

const tests = importers.get(wanted)!;
if (tests.length === 0) {
  console.error(`No test under tests/machines imports the ${wanted} machine.`);
  process.exit(1);
}
const paths = listTests(tests)
  .filter((test) => isAbout(wanted, test))
  .map((test) => ({ test, path: pathOf(test.name) }));
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
