import { Worker } from 'node:worker_threads';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import type { RecipientSheet } from '../../../../contracts/recipient-sheet';
import { sheetKind } from '../../../../contracts/recipient-sheet-reader';
import { invalid, limited, unavailable } from '../../../domain/errors';
import { FairQueue } from './fair-queue';
import { checkWorkbook } from './workbook-limits';

export interface SheetJob {
  id: number;
  bytes: Uint8Array;
}
export interface SheetJobResult {
  id: number;
  sheet: RecipientSheet;
}

export interface SheetReaderLimits {
  /** How long one file may take to read once the reader holds it. */
  timeoutMs: number;
  /** The reader's heap; a file that needs more is refused, and the server's own heap is untouched. */
  maxMemoryMb: number;
  /** Files waiting for the reader, everyone's together; more than this are asked to come back shortly. */
  maxWaiting: number;
  /** One person's files in the reader at once (the one being read and those waiting); more are refused. */
  maxPerOwner: number;
}

export interface SheetReader {
  /** Reads `bytes` in `owner`'s turn (the uploader's id): each owner's files one at a time, owners in turns. */
  read(bytes: Uint8Array, owner: string): Promise<RecipientSheet>;
  close(): Promise<void>;
}

const DEFAULT_LIMITS: SheetReaderLimits = { timeoutMs: 20_000, maxMemoryMb: 384, maxWaiting: 16, maxPerOwner: 3 };

interface Waiting {
  id: number;
  bytes: Uint8Array;
  resolve: (sheet: RecipientSheet) => void;
  reject: (error: Error) => void;
}

const tooLarge = () => invalid(errorCodes.validation, gc.sheetTooLarge);
const busy = () => unavailable(errorCodes.busy, gc.sheetReaderBusy);

/**
 * Reads recipients spreadsheets on a worker thread of its own, one at a time, so a heavy or hostile
 * file (a zip bomb) never holds the thread that answers requests: an xlsx is checked for its declared
 * unpacked size and cell count first, then read under a heap cap and a time limit; going over either
 * ends the worker (a new one starts for the next file) and refuses the file with a clear message.
 * Uploaders take turns (fair-queue.ts) and each holds at most `maxPerOwner` places, so someone sending
 * a pile of bombs gets one file read per round: another company's sheet waits for the file being read,
 * not the pile.
 * One worker, not one per uploader: a second core stays free to answer requests while a bomb is read.
 */
export function createSheetReader(limits: Partial<SheetReaderLimits> = {}): SheetReader {
  const { timeoutMs, maxMemoryMb, maxWaiting, maxPerOwner } = { ...DEFAULT_LIMITS, ...limits };
  const waiting = new FairQueue<Waiting>({ perOwner: maxPerOwner, total: maxWaiting });
  let worker: Worker | null = null;
  let ready = false;
  let current: { job: Waiting; owner: string; timer: NodeJS.Timeout } | null = null;
  let nextId = 1;
  let closed = false;

  const finish = (outcome: { sheet: RecipientSheet } | { error: Error }) => {
    if (!current) return;
    clearTimeout(current.timer);
    const { job, owner } = current;
    current = null;
    waiting.done(owner);
    if ('sheet' in outcome) job.resolve(outcome.sheet);
    else job.reject(outcome.error);
  };

  const discard = (error: Error) => {
    const gone = worker;
    worker = null;
    ready = false;
    finish({ error });
    void gone?.terminate();
  };

  const spawn = () => {
    const started = new Worker(new URL('./sheet-reader.worker.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 32 },
    });
    started.unref();
    started.on('message', (message: SheetJobResult | 'ready') => {
      if (message === 'ready') {
        ready = true;
      } else if (current && message.id === current.job.id) {
        finish({ sheet: message.sheet });
      }
      pump();
    });
    // Out of memory, or a crash while reading: the file is what broke it.
    started.on('error', () => {
      if (worker === started) discard(tooLarge());
      pump();
    });
    started.on('exit', () => {
      if (worker === started) discard(tooLarge());
      pump();
    });
    worker = started;
  };

  function pump() {
    if (closed || current || waiting.size === 0) return;
    if (!worker) spawn();
    if (!ready || !worker) return;
    const next = waiting.take();
    if (!next) return;
    const { item: job, owner } = next;
    const timer = setTimeout(() => discard(tooLarge()), timeoutMs);
    current = { job, owner, timer };
    const copy = job.bytes.slice();
    worker.postMessage({ id: job.id, bytes: copy } satisfies SheetJob, [copy.buffer]);
  }

  return {
    read(bytes, owner) {
      if (sheetKind(bytes) === 'xlsx') {
        const check = checkWorkbook(bytes);
        if (check === 'too_large') return Promise.reject(tooLarge());
        if (check === 'unreadable') return Promise.resolve({ ok: false, problem: gc.sheetType.id });
      }
      return new Promise<RecipientSheet>((resolve, reject) => {
        const refusal = waiting.offer(owner, { id: nextId++, bytes, resolve, reject });
        if (refusal === 'owner_full') return reject(limited(errorCodes.recipientSheetsPending, gc.sheetsPending));
        if (refusal === 'full') return reject(busy());
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.drain()) job.reject(busy());
      const gone = worker;
      worker = null;
      finish({ error: busy() });
      await gone?.terminate();
    },
  };
}
