import type { Kysely } from 'kysely';
import type { PanelConfig } from '../../config.js';
import { writeWatchOf } from '../../db/ReadCache.js';
import type { Database } from '../../db/schema.js';
import { applyClosing } from '../access/closeSockets.js';
import type { OpenSockets } from '../access/OpenSockets.js';
import { LocalBus, PostgresBus, type ClusterBus } from './ClusterBus.js';
import { PostgresLeadership, SoleLeadership, type Leadership } from './Leadership.js';

/** The panels sharing this panel's database, as this one takes part: what it tells them, whether it leads. */
export interface Cluster {
  bus: ClusterBus;
  leadership: Leadership;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL, where several panels may share the database (issue 34): every write of ours tells
 * the others their cached reads are stale (one notice per turn of the event loop, however many
 * writes), their notices empty ours, and access that ends there closes our connections too. On
 * SQLite and MySQL the panel is alone: nothing to tell, and it leads.
 */
export function openCluster(
  config: PanelConfig['db'],
  db: Kysely<Database>,
  sockets: OpenSockets,
  options: { warn?: (details: object, msg: string) => void; leadRetryMs?: number } = {},
): Cluster {
  if (config.dialect !== 'postgres') {
    const bus = new LocalBus();
    const leadership = new SoleLeadership();
    return { bus, leadership, start: async () => leadership.start(), close: () => leadership.stop() };
  }
  const watch = writeWatchOf(db);
  const bus = new PostgresBus(config.url, { onReconnect: () => watch?.bumpFromElsewhere(), warn: options.warn });
  const leadership = new PostgresLeadership(config.url, { retryMs: options.leadRetryMs, warn: options.warn });
  let told = false;
  const stopTelling = watch?.onBump(() => {
    if (told) return;
    told = true;
    setImmediate(() => {
      told = false;
      void bus.publish({ kind: 'writes' });
    });
  });
  bus.subscribe((message) => {
    if (message.kind === 'writes') watch?.bumpFromElsewhere();
    else applyClosing(sockets, message.closing);
  });
  return {
    bus,
    leadership,
    async start() {
      await bus.start();
      leadership.start();
    },
    async close() {
      stopTelling?.();
      await leadership.stop();
      await bus.close();
    },
  };
}
