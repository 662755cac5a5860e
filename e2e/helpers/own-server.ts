import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchServer } from './launch-server';

export interface OwnServer {
  /** http://localhost:<port>, also its PUBLIC_URL (a provider sends the donor back there). */
  url: string;
  /** Its DATA_DIR: its embedded mailbox is DATA_DIR/mail. */
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A second Semear server with its own port, data folder and demo data, for the specs that need another
 * configuration than the shared e2e server's (a real provider's stand-in instead of the sandbox, which
 * the suite's own server keeps, like `npm start`). It serves the same production build (dist/).
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-e2e-own-'));
  try {
    const server = await launchServer(port, { PUBLIC_URL: url, DATA_DIR: dataDir, ...env });
    return {
      url,
      dataDir,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
