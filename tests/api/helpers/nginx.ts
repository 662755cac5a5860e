import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../nodes/redis-server';

/** The load balancer of compose.yaml, exactly as shipped: only where it listens and where the nodes are change. */
export const SHIPPED_NGINX_CONF = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

function nginxBinary(): string {
  const candidates = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx'))];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'nginx is missing: this test runs the shipped deploy/nginx.conf in front of a server. Install it ' +
        '(Debian: apt-get install nginx-light; .ci/run does this in CI).',
    );
  }
  return found;
}

/** `text` with `from` replaced; a shipped file that no longer has it exactly once means this test needs updating. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`deploy/nginx.conf should have "${from}" exactly once (found ${parts.length - 1})`);
  return parts.join(to);
}

/** The shipped deploy/nginx.conf with its nodes (app-a, app-b) at `upstreamPort` and its listener on loopback. */
export function localNginxConf(shipped: string, listenPort: number, upstreamPort: number): string {
  let conf = replaceOnce(shipped, 'server app-a:3000', `server 127.0.0.1:${upstreamPort}`);
  conf = replaceOnce(conf, 'server app-b:3000', `server 127.0.0.1:${upstreamPort}`);
  return replaceOnce(conf, 'listen 8080;', `listen 127.0.0.1:${listenPort};`);
}

function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`nginx exited (${code}) before it listened: ${output()}`));
    child.once('exit', onExit);
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', onExit);
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          child.off('exit', onExit);
          reject(new Error(`nginx did not listen on ${port} within 10 s: ${output()}`));
        } else setTimeout(attempt, 25);
      });
    };
    attempt();
  });
}

/**
 * The real nginx (one process, in the foreground, its files in a temp folder) with the shipped
 * deploy/nginx.conf in front of a server listening on `upstreamPort` on loopback.
 */
export async function startNginx(upstreamPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const binary = nginxBinary();
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'semear-nginx-'));
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => {
    mkdirSync(join(prefix, name));
    return `${name === 'body' ? 'client_body' : name}_temp_path ${join(prefix, name)};`;
  });
  writeFileSync(join(prefix, 'semear.conf'), localNginxConf(readFileSync(SHIPPED_NGINX_CONF, 'utf8'), port, upstreamPort));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...temp.map((t) => `  ${t}`),
      `  include ${join(prefix, 'semear.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // One process that stays this user (no workers switching to nobody), logging to the test's output on failure.
  const global = `daemon off; master_process off; pid ${join(prefix, 'nginx.pid')}; error_log stderr warn;`;
  const child = spawn(binary, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', global], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
