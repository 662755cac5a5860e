// The server as `npm start` runs it, in its own process so the crash test can kill -9 it.
import { loadConfig } from '../../../server/config';
import { withGeneratedSecrets } from '../../../server/config-secrets';
import { startServer } from '../../../server/start';

const server = await startServer(loadConfig(withGeneratedSecrets(process.env)));
// SIGTERM closes cleanly (the embedded database flushed, its lock freed) for the test's final checks.
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.stdout.write(`LISTENING ${server.url}\n`);
