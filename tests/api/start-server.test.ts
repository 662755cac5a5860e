import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { startServer } from '../../server/start';
import { TEST_ENV } from './helpers/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'semear-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// startServer is what npm start, the benchmarks and Playwright run: embedded PGlite on disk here,
// whichever database the rest of the suite uses. A first start is slow by nature (initdb in WebAssembly
// about 20 s, the demo seed about 10 s on an idle machine), and CI runs it beside other files.
describe('startServer', () => {
  it('migrates, seeds, listens, and on close frees the data folder for the next start', async () => {
    let logs = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      logs += chunk.toString('utf8');
    });
    const config = loadConfig(
      withGeneratedSecrets({ ...TEST_ENV, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'true', LOG_LEVEL: 'info' }),
    );
    const first = await startServer(config, { logStream });
    try {
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
      const health = await fetch(`${first.url}/api/v1/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${first.url}/api/v1/ready`);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'applied', shutting_down: false });
      const session = await fetch(`${first.url}/api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'doador@semear.dev', password: 'semear-doador-123' }),
      });
      expect(session.status).toBe(200);
      await expect(startServer(config)).rejects.toThrow(/is in use/);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    expect(logs).toContain('demo data seeded');
    expect(logs).toContain(`outgoing mail is saved in ${join(dataDir, 'mail')}`);

    const second = await startServer(config, { logStream });
    await second.close();
  }, 180_000);
});
