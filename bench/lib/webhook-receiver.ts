import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * A webhook receiver in a child process, answering 204 to every POST and counting them: what a receiver
 * costs stays out of the deliverer's process. `stop` answers how many it received.
 */
const RECEIVER = `
  let received = 0;
  const server = require('node:http').createServer((req, res) => {
    if (req.method === 'GET') return res.end(String(received));
    req.resume();
    req.on('end', () => { received += 1; res.writeHead(204).end(); });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

export async function startReceiver(): Promise<{ origin: string; stop(): Promise<number> }> {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const origin = `http://127.0.0.1:${chunk.toString().trim()}`;
  return {
    origin,
    async stop() {
      const received = Number(await (await fetch(`${origin}/count`)).text());
      child.kill();
      return received;
    },
  };
}
