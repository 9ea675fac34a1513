interface OpenSocket {
  userId: number;
  /** The server it shows, or none (a server list between pages): closed with the user's or the session's connections, not a server's. */
  serverId?: string;
  /** The session the socket was opened with (its token hash). */
  session?: string;
  close: () => void;
}

/**
 * The live connections the panel holds open, by user, server and session, so that a change to
 * someone's permissions on a server, a logout or a new password closes their sockets at once
 * (DESIGN.md, endAccess); the browser reconnects and gets the new permissions, or is refused.
 */
export class OpenSockets {
  private readonly open = new Set<OpenSocket>();

  /** How many are open now (the /metrics gauge). */
  get size(): number {
    return this.open.size;
  }

  /** Registers a connection's close function; answers the function that unregisters it. */
  add(userId: number, serverId: string | undefined, close: () => void, session?: string): () => void {
    const entry: OpenSocket = { userId, serverId, session, close };
    this.open.add(entry);
    return () => this.open.delete(entry);
  }

  private closeWhere(pick: (entry: OpenSocket) => boolean): number {
    let closed = 0;
    for (const entry of [...this.open]) {
      if (!pick(entry)) continue;
      this.open.delete(entry);
      entry.close();
      closed += 1;
    }
    return closed;
  }

  /** Closes one user's connections to a server, or everyone's when userId is undefined. */
  closeFor(userId: number | undefined, serverId: string): number {
    return this.closeWhere((entry) => entry.serverId === serverId && (userId === undefined || entry.userId === userId));
  }

  /** Closes the connections opened with one session (it was logged out). */
  closeForSession(session: string): number {
    return this.closeWhere((entry) => entry.session === session);
  }

  /** Hands the connections of session `from` to `to`, which replaced it: signing out `to` closes them. */
  moveSession(from: string, to: string): void {
    for (const entry of this.open) if (entry.session === from) entry.session = to;
  }

  /** Closes every connection of a user except those of `keep` (their sessions ended with a new password). */
  closeForUser(userId: number, keep?: string): number {
    return this.closeWhere((entry) => entry.userId === userId && (keep === undefined || entry.session !== keep));
  }
}
