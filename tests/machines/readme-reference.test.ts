import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, machineReference, START } from '../../scripts/machine-reference';

/** machines/README.md's reference table is what the folder holds (issue 28): regenerate with `npm run machines:readme`. */
describe('machines/README.md', () => {
  it('lists every machine with its states, the actors it asks for and its events, as the folder has them', async () => {
    const root = process.cwd();
    const readme = readFileSync(join(root, 'machines', 'README.md'), 'utf8');
    const kept = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
    const generated = await machineReference(root);
    expect(kept, 'machines/README.md is out of date: run npm run machines:readme').toBe(generated);
    // One row per machine file in the folder, whatever their number.
    const machineFiles = readdirSync(join(root, 'machines'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.machine.ts'),
    );
    expect(machineFiles.length).toBeGreaterThan(40);
    expect(generated.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(machineFiles.length);
  }, 60_000);
});
