/** `outpost daemon`: a daemon alone, for a remote node. */
export async function daemon(_argv: string[]): Promise<void> {
  // TODO(#4): start packages/daemon from the node's deployment information.
  throw new Error('outpost daemon is not yet available: run `outpost run` for the panel with its local node');
}
