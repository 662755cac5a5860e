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
