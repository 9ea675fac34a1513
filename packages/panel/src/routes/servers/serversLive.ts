import { LiveWatchRequest, grants, serverActionScopes as need, type LiveServer, type LiveServersEvent } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import type { WebSocket } from 'ws';
import { liveServerFeed, type LiveReading } from '../../services/LiveServerFeed.js';
import { heldOnServer } from '../../services/policy.js';

// A watch list is one page of ids: a few kilobytes at most.
const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * /api/servers/live: one connection for a whole server list. The browser sends the ids of the
 * page it shows ({type: 'watch', ids}); the panel answers {type: 'servers', servers} with each
 * server's state, and CPU and memory for holders of its stats scope, whenever a reading changes.
 * Ids the caller may not view are left out silently, as the list leaves them out.
 */
export default async function serversLiveRoutes(app: FastifyInstance): Promise<void> {
  const { repo, sockets } = app.panel;
  const feed = liveServerFeed(app.panel);
  app.addHook('onClose', async () => feed.close());

  app.get(
    '/api/servers/live',
    {
      websocket: true,
      schema: { tags: ['servers'], summary: 'Live state, CPU and memory of the listed servers: LiveWatchRequest in, LiveServersEvent out' },
      config: { scope: 'session', clients: true },
    },
    (socket: WebSocket, request) => {
      const session = request.session!;
      let unwatch: (() => void)[] = [];
      let generation = 0;
      const pending = new Map<string, LiveServer>();
      let flushQueued = false;

      const flush = () => {
        flushQueued = false;
        if (pending.size === 0 || socket.readyState !== socket.OPEN) return;
        const event: LiveServersEvent = { type: 'servers', servers: [...pending.values()] };
        pending.clear();
        socket.send(JSON.stringify(event));
      };
      const stopWatching = () => {
        for (const stop of unwatch) stop();
        unwatch = [];
        pending.clear();
      };

      const watch = async (ids: string[]) => {
        const mine = ++generation;
        stopWatching();
        const next: (() => void)[] = [];
        for (const id of new Set(ids)) {
          const held = await heldOnServer(repo, session, id);
          if (!grants(held, need.status) || !(await repo.servers.byId(id))) continue;
          const withStats = grants(held, need.stats);
          // A change of this user's permissions here, or a logout, ends the connection; the browser opens a new one.
          next.push(sockets.add(session.userId, id, () => socket.close(4001, 'permissions changed'), session.tokenHash));
          next.push(
            feed.watch(id, (reading: LiveReading) => {
              pending.set(id, withStats ? { id, ...reading } : { id, state: reading.state });
              if (!flushQueued) {
                flushQueued = true;
                setImmediate(flush);
              }
            }),
          );
        }
        // A newer watch list arrived while this one was being checked: it wins.
        if (mine !== generation || socket.readyState !== socket.OPEN) return next.forEach((stop) => stop());
        unwatch = next;
      };

      socket.on('message', (raw, isBinary) => {
        if (isBinary || (raw as Buffer).length > MAX_MESSAGE_BYTES) return socket.close(1003, 'ErrInvalidJson');
        let message: unknown;
        try {
          message = JSON.parse(String(raw));
        } catch {
          return socket.close(1003, 'ErrInvalidJson');
        }
        if (!Value.Check(LiveWatchRequest, message)) return socket.close(1003, 'ErrInvalidJson');
        void watch(message.ids).catch(() => socket.close(1011, 'ErrGeneric'));
      });
      socket.on('close', () => {
        generation++;
        stopWatching();
      });
    },
  );
}
