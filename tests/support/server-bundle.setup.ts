import type { TestProject } from 'vitest/node';
import { buildServerBundle } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled into one file for the tests that start it in a process (tests/support/server-bundle.ts). */
    serverBundle: string;
  }
}

/** Built afresh for each run (about 2 s), so it is always the code under test; one file per project. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('serverBundle', await buildServerBundle(project.name.replace(/\W/g, '-')));
}
