import { test } from '@playwright/test';
import type { E2eServer } from '../../playwright.config';

/** The server of the running test's lane (playwright.config.ts): its address and its data folder. */
export function laneServer(): E2eServer {
  const { url, dataDir } = test.info().project.metadata as Partial<E2eServer>;
  if (typeof url !== 'string' || typeof dataDir !== 'string') throw new Error('the e2e project names no server (playwright.config.ts)');
  return { url, dataDir };
}
