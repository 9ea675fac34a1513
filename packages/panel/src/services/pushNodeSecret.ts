import { OutpostError, type NodeCaller, type NodeClient } from '@outpost/shared';

/**
 * Tells a node its new secret over the channel the old one still opens (PUT /daemon/secret with a
 * token signed by the old secret); the daemon saves it in its daemon.json and refuses the old one
 * from then on. We push rather than have the daemon re-read its file because the old secret must
 * stop working the moment it is rotated (a leaked secret is why one rotates), without anyone
 * reaching the node's machine. Answers false when the node cannot be told (down, or already on
 * another secret): the secret changes all the same, and the node needs its new daemon.json by hand.
 * Any other refusal (the daemon could not save its file) keeps the old secret.
 */
export async function pushNodeSecret(client: NodeClient, caller: NodeCaller, secret: string): Promise<boolean> {
  try {
    await client.setSecret(caller, secret);
    return true;
  } catch (error) {
    if (error instanceof OutpostError && (error.code === 'ErrNodeUnreachable' || error.code === 'ErrNodeRefusedSecret')) return false;
    throw error;
  }
}
