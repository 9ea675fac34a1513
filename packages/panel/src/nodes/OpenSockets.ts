/**
 * The live connections the panel holds open, by user and server, so that a change to someone's
 * permissions on a server closes their sockets at once (DESIGN.md); the browser reconnects and
 * gets the new permissions, or is refused.
 */
export class OpenSockets {
  private readonly open = new Map<string, Set<() => void>>();

  /** Registers a connection's close function; answers the function that unregisters it. */
  add(userId: number, serverId: string, close: () => void): () => void {
    const key = `${userId}|${serverId}`;
    const set = this.open.get(key) ?? new Set();
    set.add(close);
    this.open.set(key, set);
    return () => {
      set.delete(close);
      if (set.size === 0) this.open.delete(key);
    };
  }

  /** Closes one user's connections to a server, or everyone's when userId is undefined. */
  closeFor(userId: number | undefined, serverId: string): number {
    let closed = 0;
    for (const [key, set] of [...this.open]) {
      const [user, server] = key.split('|');
      if (server !== serverId || (userId !== undefined && Number(user) !== userId)) continue;
      for (const close of [...set]) {
        close();
        closed += 1;
      }
    }
    return closed;
  }
}
