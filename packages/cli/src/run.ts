import { buildApp, loadConfig, repositories, startLocalNode } from '@outpost/panel';
import { keepFreedMemory } from './keepFreedMemory.js';
import { sftpLogger } from './sftpLogger.js';
import { stopOnSignals } from './stopOnSignals.js';

/** `outpost run`: migrate, start the panel with its local node's daemon in-process, stop both cleanly on SIGINT/SIGTERM. */
export async function run(_argv: string[]): Promise<void> {
  keepFreedMemory();
  const config = loadConfig();
  const stopWith = stopOnSignals('Outpost');
  const app = await buildApp({ config, logger: { level: process.env.OUTPOST_LOG_LEVEL || 'warn' } });
  const localNode = await startLocalNode(app, { logger: sftpLogger(app.log) });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Outpost is listening on http://localhost:${port}`);
  if (localNode.serverFolders.notice) console.log(`\n${localNode.serverFolders.notice}\n`);

  if ((await repositories(app.panel.db).users.count()) === 0) {
    console.log(
      [
        '',
        'No user exists yet. Create the first administrator with:',
        '  npx outpost user add --admin --email you@example.com --username admin --password <at least 8 characters>',
        'or start Outpost with OUTPOST_ADMIN_EMAIL and OUTPOST_ADMIN_PASSWORD set (OUTPOST_ADMIN_USERNAME defaults to "admin").',
        '',
      ].join('\n'),
    );
  }
  stopWith(async () => {
    await localNode.stop();
    await app.close();
  });
}
