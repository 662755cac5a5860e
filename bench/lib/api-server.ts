// The API as `npm start` runs it, without the web build check: a bench of API reads needs no dist/
// (and rebuilding the web app on a busy two-core machine would take minutes).
import { loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { startServer } from '../../server/start';

const server = await startServer(loadConfig(withGeneratedSecrets(process.env)));
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
