import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/domain/errors';
import { createSheetReader, type SheetReader } from '../../server/services/gift-cards/orders/sheet-reader-pool';
import { checkWorkbook, WORKBOOK_MAX_UNPACKED_BYTES } from '../../server/services/gift-cards/orders/workbook-limits';
import { xlsxBomb } from '../support/xlsx-bomb';

// A recipients spreadsheet is any signed-in donor's upload: a zip bomb must be refused with a clear
// message, and reading any sheet must never hold the thread that answers everyone else.

const staffXlsx = (count: number) => {
  const book = XLSX.utils.book_new();
  const rows = [['Nome', 'E-mail'], ...Array.from({ length: count }, (_, i) => [`Pessoa ${i}`, `pessoa${i}@empresa.com.br`])];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Equipe');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
};

const refusal = async (reading: Promise<unknown>) => {
  const error = await reading.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).messages;
};

/**
 * Unpacking a bomb on the main thread holds it for seconds; a worker's start and end only for moments.
 * The bound sits well between, so a loaded CI machine's garbage collection does not trip it.
 */
const MAIN_THREAD_NEVER_HELD_MS = 1_000;

/** The longest the event loop went without a turn while `work` ran (a stalled server answers nobody). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(tick);
  }
  return longest;
}

describe('what an xlsx declares, before unpacking', () => {
  it('passes a real recipients sheet', () => {
    expect(checkWorkbook(staffXlsx(500))).toBe('ok');
  });

  it('refuses a zip bomb by its unpacked size, a sheet by its declared cells, and a broken zip', () => {
    const bomb = xlsxBomb({ unpackedMb: 40 });
    expect(bomb.byteLength).toBeLessThan(400 * 1024);
    expect(checkWorkbook(bomb)).toBe('too_large');
    expect(checkWorkbook(xlsxBomb({ unpackedMb: 1, dimension: 'A1:XFD1048576' }))).toBe('too_large');
    expect(checkWorkbook(xlsxBomb({ unpackedMb: 1, dimension: 'A1:B100000' }))).toBe('ok');
    expect(checkWorkbook(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe('unreadable');
  });
});

describe('the sheet reader', () => {
  const readers: SheetReader[] = [];
  const reader = (limits?: Parameters<typeof createSheetReader>[0]) => {
    const created = createSheetReader(limits);
    readers.push(created);
    return created;
  };
  afterAll(() => Promise.all(readers.map((r) => r.close())));

  it('reads a sheet off the thread, and the next one after it', { timeout: 30_000 }, async () => {
    const shared = reader();
    const first = await shared.read(staffXlsx(3), 'ana');
    expect(first.ok && first.recipients.map((r) => r.email)).toEqual([
      'pessoa0@empresa.com.br',
      'pessoa1@empresa.com.br',
      'pessoa2@empresa.com.br',
    ]);
    const second = await shared.read(new TextEncoder().encode('Nome;E-mail\nAna;ana@exemplo.com.br\n'), 'ana');
    expect(second).toEqual({ ok: true, recipients: [{ line: 2, name: 'Ana', email: 'ana@exemplo.com.br' }], rejected: [] });
  });

  it('refuses a zip bomb at once, with a message a person can act on, without a stall', async () => {
    const bomb = xlsxBomb({ unpackedMb: 40 });
    let messages: unknown;
    const stall = await longestStall(async () => (messages = await refusal(reader().read(bomb, 'ana'))));
    expect(messages).toMatchObject({ id: 'validation.recipient_sheet.too_large' });
    expect(stall).toBeLessThan(MAIN_THREAD_NEVER_HELD_MS);
  });

  it('refuses a bomb that lies about its size (memory cap), and reads the next file with a new worker', async () => {
    const capped = reader({ maxMemoryMb: 24 });
    const liar = xlsxBomb({ unpackedMb: WORKBOOK_MAX_UNPACKED_BYTES / 1024 / 1024 - 4, lieAboutSizes: true });
    const honestButHeavy = xlsxBomb({ unpackedMb: WORKBOOK_MAX_UNPACKED_BYTES / 1024 / 1024 - 4 });
    let outcomes: unknown[] = [];
    const stall = await longestStall(async () => {
      outcomes = await Promise.all(
        [liar, honestButHeavy].map((bytes) =>
          capped.read(bytes, 'ana').then(
            (sheet) => (sheet.ok ? sheet : { id: sheet.problem }),
            (error: unknown) => (error as DomainError).messages,
          ),
        ),
      );
    });
    // Whatever the reader made of them, neither got through as recipients, and the server kept answering.
    for (const outcome of outcomes) expect(outcome).toMatchObject({ id: expect.stringMatching(/^validation\.recipient_sheet\./) });
    expect(outcomes).toContainEqual(expect.objectContaining({ id: 'validation.recipient_sheet.too_large' }));
    expect(stall).toBeLessThan(MAIN_THREAD_NEVER_HELD_MS);
    const after = await capped.read(new TextEncoder().encode('Nome,E-mail\nBia,bia@exemplo.com.br\n'), 'ana');
    expect(after.ok).toBe(true);
  }, 60_000);

  it('gives up on a file that takes too long, and asks the rest to come back when too many wait', async () => {
    const sheet = staffXlsx(2_000);
    expect(await refusal(reader({ timeoutMs: 1 }).read(sheet, 'ana'))).toMatchObject({ id: 'validation.recipient_sheet.too_large' });
    // A new reader's worker is still starting: the first file waits for it, another person's finds no room.
    const crowded = reader({ maxWaiting: 1 });
    const waiting = crowded.read(sheet, 'ana');
    expect(await refusal(crowded.read(sheet, 'bia'))).toMatchObject({ id: 'error.recipient_sheet.busy' });
    expect((await waiting).ok).toBe(true);
  }, 60_000);

  it("reads another person's sheet before the rest of one person's pile, and refuses that person's files beyond three", async () => {
    const shared = reader();
    const slowBomb = xlsxBomb({ unpackedMb: 24, lieAboutSizes: true });
    const finished: string[] = [];
    const note =
      (name: string) =>
      <T>(outcome: T): T => {
        finished.push(name);
        return outcome;
      };
    const pile = [1, 2, 3].map((n) => shared.read(slowBomb, 'ana').then(note(`ana ${n}`), note(`ana ${n}`)));
    expect(await refusal(shared.read(slowBomb, 'ana'))).toMatchObject({ id: 'error.recipient_sheet.pending' });
    const honest = await shared.read(new TextEncoder().encode('Nome;E-mail\nBia;bia@exemplo.com.br\n'), 'bia').then(note('bia'));
    expect(honest.ok).toBe(true);
    await Promise.all(pile);
    expect(finished).toEqual(['ana 1', 'bia', 'ana 2', 'ana 3']);
    // Her pile read, she may send again.
    expect((await shared.read(staffXlsx(2), 'ana')).ok).toBe(true);
  }, 30_000);
});
