import { parentPort } from 'node:worker_threads';
import { readRecipientSheet } from '../../../../contracts/recipient-sheet-reader';
import type { SheetJob, SheetJobResult } from './sheet-reader-pool';

// Reads one spreadsheet at a time for the pool, off the thread that answers requests.
parentPort?.on('message', (job: SheetJob) => {
  parentPort?.postMessage({ id: job.id, sheet: readRecipientSheet(job.bytes) } satisfies SheetJobResult);
});
parentPort?.postMessage('ready');
