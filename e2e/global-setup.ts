import { rmSync } from 'node:fs';
import { LANES } from '../playwright.config';
import { buildWebApp, webBuildIsStale } from '../server/web-build';
import { launchServer } from './helpers/launch-server';

/**
 * Each lane's server (playwright.config.ts), started at once rather than one after another as
 * Playwright's `webServer` does: a start (migrations, demo seed) keeps one core busy for 15–40 s, and
 * there are two. The web app is built first when stale, so that the two do not both build it.
 */
export default async function startLaneServers(): Promise<() => Promise<void>> {
  if (webBuildIsStale(process.cwd())) buildWebApp(process.cwd());
  const started = await Promise.allSettled(
    LANES.map((lane) => {
      rmSync(lane.server.dataDir, { recursive: true, force: true });
      return launchServer(
        lane.port,
        {
          DATA_DIR: lane.server.dataDir,
          // The webhook tests' receiver listens on this machine.
          WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
          // The lanes run longer than a backup's settling time: no snapshot holds the database under a spec.
          BACKUP_EVERY: 'off',
        },
        lane.name,
      );
    }),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
