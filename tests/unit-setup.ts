import { vi } from 'vitest';

// The unit and API projects share a worker between test files (isolate: false: packages load once per
// worker, not once per file): this file runs before each test file, so each starts as if alone. Our modules
// are evaluated afresh (its own vi.mock applied, not the module a file before it had imported); packages
// (xstate, zod, Fastify, PGlite) stay loaded.
// Whatever a file before it left faked on the process (timers, globals, environment variables) is undone.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
