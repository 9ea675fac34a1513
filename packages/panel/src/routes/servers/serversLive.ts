import { LiveWatchRequest, Scopes, grants, hasScope, serverActionScopes as need, type LiveServer, type LiveServersEvent } from '@outpost/shared';
import { MessageBudget, cutOffFlood } from '@outpost/daemon';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import type { WebSocket } from 'ws';
import { liveServerFeed, type LiveReading } from '../../services/LiveServerFeed.js';
import { heldOnServer } from '../../services/policy/policy.js';

// A watch list is one page of ids: a few kilobytes at most.
const MAX_MESSAGE_BYTES = 8 * 1024;

// Readings that arrive within this long of each other (each node's, of one tick) go to a list in
// one message.
const GATHER_MS = 50;
// Lists sent to per turn of the event loop, so a tick's thousand sends do not hold up requests.
const SENDS_PER_TURN = 100;

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

  // The lists with readings to send, sent a slice per turn once the readings of a tick are in.
  const due = new Set<() => void>();
  let draining = false;
  const drain = () => {
    let sent = 0;
    for (const flush of due) {
      due.delete(flush);
      flush();
      if (++sent === SENDS_PER_TURN) break;
    }
    if (due.size > 0) setImmediate(drain);
    else draining = false;
  };
  const queueFlush = (flush: () => void) => {
    due.add(flush);
    if (draining) return;
    draining = true;
    setTimeout(drain, GATHER_MS);
  };

  app.get(
    '/api/servers/live',
    {
      websocket: true,
      schema: { tags: ['servers'], summary: 'Live state, CPU and memory of the listed servers: LiveWatchRequest in, LiveServersEvent out' },
      config: { scope: 'session', clients: 'account' },
    },
    (socket: WebSocket, request) => {
      const session = request.session!;
      // A logout or a new password ends the connection even while it watches no server.
      const forget = sockets.add(session.userId, undefined, () => socket.close(4001, 'permissions changed'), session.tokenHash);
      let unwatch: (() => void)[] = [];
      const pending = new Map<string, LiveServer>();
      let closed = false;
      // The newest list not yet checked, and whether a check is under way: a list that arrives
      // during a check replaces this one instead of queuing a check of its own.
      let wanted: string[] | undefined;
      let checking = false;

      const flush = () => {
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

      // Which of `ids` the caller may view, with or without stats: one query narrows the list to the
      // servers that exist and that the list would show them, so ids they hold nothing on cost no
      // more; undefined once a newer list has arrived.
      const viewable = async (ids: string[]): Promise<{ id: string; withStats: boolean }[] | undefined> => {
        const all = hasScope(session.scopes, Scopes.ServersAdmin);
        const found = new Set(await repo.servers.idsAmong([...new Set(ids)], all ? undefined : session.userId));
        const shown: { id: string; withStats: boolean }[] = [];
        // In the order asked, each once (delete answers true only the first time).
        for (const id of ids.filter((id) => found.delete(id))) {
          if (wanted || closed) return undefined;
          const held = await heldOnServer(repo, session, id);
          if (grants(held, need.status)) shown.push({ id, withStats: grants(held, need.stats) });
        }
        return wanted || closed ? undefined : shown;
      };

      const follow = (shown: { id: string; withStats: boolean }[]) => {
        stopWatching();
        for (const { id, withStats } of shown) {
          // A change of this user's permissions here, or a logout, ends the connection; the browser opens a new one.
          unwatch.push(sockets.add(session.userId, id, () => socket.close(4001, 'permissions changed'), session.tokenHash));
          unwatch.push(
            feed.watch(id, (reading: LiveReading) => {
              pending.set(id, withStats ? { id, ...reading } : { id, state: reading.state });
              queueFlush(flush);
            }),
          );
        }
      };

      // One check at a time per connection, always of the newest list.
      const checkWanted = async () => {
        checking = true;
        try {
          while (wanted && !closed) {
            const ids = wanted;
            wanted = undefined;
            const shown = await viewable(ids);
            if (shown) follow(shown);
          }
        } finally {
          checking = false;
        }
      };

      // Every list costs database reads: past the budget the server socket keeps, lists are
      // dropped (this socket has no error event to say so), and a flood is cut off.
      const budget = new MessageBudget();
      socket.on('message', (raw, isBinary) => {
        const verdict = budget.take();
        if (verdict === 'close') return cutOffFlood(socket);
        if (verdict !== 'accept') return;
        if (isBinary || (raw as Buffer).length > MAX_MESSAGE_BYTES) return socket.close(1003, 'ErrInvalidJson');
        let message: unknown;
        try {
          message = JSON.parse(String(raw));
        } catch {
          return socket.close(1003, 'ErrInvalidJson');
        }
        if (!Value.Check(LiveWatchRequest, message)) return socket.close(1003, 'ErrInvalidJson');
        wanted = message.ids;
        if (!checking) void checkWanted().catch(() => socket.close(1011, 'ErrGeneric'));
      });
      socket.on('close', () => {
        closed = true;
        due.delete(flush);
        forget();
        stopWatching();
      });
    },
  );
}
