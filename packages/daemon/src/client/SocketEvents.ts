import type { SocketEvent } from '@outpost/shared';

/**
 * Fan-out of a live connection's events that holds what arrives before anyone listens, so the
 * first status message is not lost between connect() resolving and onEvent() being called.
 */
export class SocketEvents {
  private readonly listeners = new Set<(event: SocketEvent) => void>();
  private early: SocketEvent[] | undefined = [];

  emit = (event: SocketEvent): void => {
    if (this.early) this.early.push(event);
    for (const listener of this.listeners) listener(event);
  };

  on(listener: (event: SocketEvent) => void): () => void {
    this.listeners.add(listener);
    const held = this.early;
    this.early = undefined;
    for (const event of held ?? []) listener(event);
    return () => this.listeners.delete(listener);
  }
}
