import { xlsxBomb } from '../../tests/support/xlsx-bomb';
import { healthDuring, type HealthDuring } from './health-during';

export interface ZipBombResult {
  packedKb: number;
  unpackedMb: number;
  uploads: number;
  /** What the server answered each time (400 with its message is right). */
  statuses: number[];
  health: HealthDuring;
}

/**
 * A signed-in donor sends an xlsx zip bomb (about 300 KB packed, 300 MB unpacked, as issue 23 found) as
 * a corporate order's recipients, `uploads` times in a row — every other one lying about its unpacked
 * sizes, so only unpacking tells — while /health is asked every 20 ms.
 */
export async function measureZipBomb(base: string, token: string, uploads = 5, unpackedMb = 300): Promise<ZipBombResult> {
  const bombs = [false, true].map((lieAboutSizes) => Buffer.from(xlsxBomb({ unpackedMb, lieAboutSizes, level: 9 })));
  const { health, result: statuses } = await healthDuring(base, async () => {
    const answers: number[] = [];
    for (let i = 0; i < uploads; i++) {
      const res = await fetch(`${base}/api/v1/gift-card-recipient-sheets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: bombs[i % 2],
      });
      await res.arrayBuffer();
      answers.push(res.status);
    }
    return answers;
  });
  return { packedKb: Math.round(bombs[0]!.byteLength / 1024), unpackedMb, uploads, statuses, health };
}

export interface SheetTurnsResult {
  bombs: number;
  /** How many of the donor's bombs got each answer (three read and refused, the rest 429). */
  statuses: Record<number, number>;
  /** Another company's 10-row sheet, alone. */
  idleMs: number;
  /** The same sheet sent once the donor's bombs are all in (issue 48: 55–76 s behind 17). */
  behindBombsMs: number;
}

const TEN_PEOPLE = ['Nome;E-mail', ...Array.from({ length: 10 }, (_, i) => `Pessoa ${i};pessoa${i}@empresa.com.br`)].join('\n');

async function timedSheet(base: string, token: string, body: BodyInit): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/gift-card-recipient-sheets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

/**
 * Issue 48, item 5: one donor sends `bombs` zip bombs at once (each lying about its size, so only
 * reading reveals it); another company's honest 10-row sheet is then timed against the same sheet alone.
 */
export async function measureSheetTurns(base: string, donorToken: string, companyToken: string, bombs = 17): Promise<SheetTurnsResult> {
  const bomb = Buffer.from(xlsxBomb({ unpackedMb: 300, lieAboutSizes: true, level: 9 }));
  await timedSheet(base, companyToken, TEN_PEOPLE); // the reader's worker starts on its first file
  const idle = await timedSheet(base, companyToken, TEN_PEOPLE);
  let answered = 0;
  let allIn: () => void = () => {};
  const pileIn = new Promise<void>((resolve) => (allIn = resolve));
  const pile = Array.from({ length: bombs }, () =>
    timedSheet(base, donorToken, bomb).then((answer) => {
      // Only refusals come back at once: once all but the first few are answered, the rest are in the reader.
      if (++answered >= bombs - 3) allIn();
      return answer;
    }),
  );
  await Promise.race([pileIn, Promise.all(pile)]);
  const behind = await timedSheet(base, companyToken, TEN_PEOPLE);
  const statuses: Record<number, number> = {};
  for (const { status } of await Promise.all(pile)) statuses[status] = (statuses[status] ?? 0) + 1;
  if (idle.status !== 201 || behind.status !== 201) throw new Error(`the honest sheet answered ${idle.status}, ${behind.status}`);
  return { bombs, statuses, idleMs: idle.ms, behindBombsMs: behind.ms };
}
