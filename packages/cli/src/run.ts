import { buildApp, drainInstance, loadConfig, repositories, startLocalNode } from '@outpost/panel';
import { keepFreedMemory } from './keepFreedMemory.js';
import { logNodeChanges } from './logNodeChanges.js';
import { sftpLogger } from './sftpLogger.js';
import { stopOnSignals } from './stopOnSignals.js';

/**
 * `outpost run`: migrate, start the panel with its local node's daemon in-process (none for a
 * panel-only instance, OUTPOST_LOCAL_NODE=false), and on SIGINT/SIGTERM drain and stop both.
 */
export async function run(_argv: string[]): Promise<void> {
  keepFreedMemory();
  const config = loadConfig();
  const stopWith = stopOnSignals('Outpost');
  const app = await buildApp({ config, logger: { level: process.env.OUTPOST_LOG_LEVEL || 'warn' } });
  logNodeChanges(app);
  const localNode = config.localNode === false ? undefined : await startLocalNode(app, { logger: sftpLogger(app.log) });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Outpost is listening on http://localhost:${port}`);
  if (!localNode) console.log('A panel-only instance: no local node; its servers run on the remote nodes it is given.');
  if (localNode?.serverFolders.notice) console.log(`\n${localNode.serverFolders.notice}\n`);

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
    const seconds = config.drainSeconds ?? 0;
    if (seconds > 0) console.log(`Draining for ${seconds} s: /health answers 503 while requests are still served`);
    await drainInstance(app, seconds);
    await localNode?.stop();
    await app.close();
  });
}
