import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productEnv, startProcess, stopProcess, waitForUrl } from './processes';

/** The product on a fresh embedded database with the demo data, for `work`, then stopped and removed. */
export async function withProduct<T>(port: number, env: Record<string, string>, work: (base: string) => Promise<T>): Promise<T> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-product-'));
  const app = startProcess('server/start.ts', productEnv(port, dataDir, { PUBLIC_URL: base, ...env }));
  try {
    await waitForUrl(`${base}/api/v1/health`);
    return await work(base);
  } finally {
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function signInAs(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
