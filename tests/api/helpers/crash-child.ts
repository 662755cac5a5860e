// The server as `npm start` runs it, in its own process so the crash test can kill -9 it.
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/start';

const server = await startServer(loadConfig(process.env));
process.stdout.write(`LISTENING ${server.url}\n`);
