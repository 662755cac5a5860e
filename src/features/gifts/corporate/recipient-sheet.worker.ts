import { readRecipientSheet } from '../../../../contracts/recipient-sheet-reader';
import type { RecipientSheet } from '../../../../contracts/recipient-sheet';

/**
 * Reads a recipients spreadsheet off the page's thread (a 2 MB xlsx takes a moment to unzip and
 * check): the same reader the server runs, its progress posted as it goes, then the sheet.
 */

export type SheetWorkerMessage = { type: 'progress'; fraction: number } | { type: 'read'; sheet: RecipientSheet } | { type: 'failed' };

/** Enough steps for a smooth bar without flooding the page with messages. */
const PROGRESS_STEP = 0.02;

// This file runs as a dedicated worker; the DOM lib types `self` as a window.
const scope = self as unknown as {
  postMessage(message: SheetWorkerMessage): void;
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
};

scope.onmessage = async (event) => {
  try {
    const bytes = new Uint8Array(await event.data.arrayBuffer());
    let shown = 0;
    const sheet = readRecipientSheet(bytes, (fraction) => {
      if (fraction - shown < PROGRESS_STEP && fraction < 1) return;
      shown = fraction;
      scope.postMessage({ type: 'progress', fraction });
    });
    scope.postMessage({ type: 'read', sheet });
  } catch {
    scope.postMessage({ type: 'failed' });
  }
};
