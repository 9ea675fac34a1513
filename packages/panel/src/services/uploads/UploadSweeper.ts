import { panelCaller, Rounds } from '@outpost/daemon';
import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { NodeClients } from '../../nodes/NodeClients.js';

/** An upload nothing arrived for in this long is abandoned (ms). */
export const UPLOAD_IDLE_MS = 24 * 60 * 60_000;
const SWEEP_MS = 60 * 60_000;

/**
 * Removes abandoned resumable uploads, record and staged bytes, once an hour. Run by one panel
 * at a time is enough (a second finds nothing left); `sweep` is the round, for a once-only job.
 */
export class UploadSweeper {
  private readonly rounds = new Rounds(async () => void (await this.sweep().catch((error: unknown) => this.warn({ err: error }, 'the sweep of abandoned uploads failed'))), SWEEP_MS);

  constructor(
    private readonly repo: Repositories,
    private readonly nodes: Pick<NodeClients, 'forNode'>,
    private readonly now: () => number = Date.now,
    private readonly warn: (details: object, msg: string) => void = () => {},
  ) {}

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round: answers how many uploads went. An upload whose node does not answer waits for the next round. */
  async sweep(): Promise<number> {
    let removed = 0;
    for (const upload of await this.repo.uploads.idleSince(this.now() - UPLOAD_IDLE_MS)) {
      try {
        const server = await this.repo.servers.byId(upload.serverId);
        if (server) await (await this.nodes.forNode(server.node_id)).abortUpload(panelCaller, upload.serverId, upload.id);
      } catch (error) {
        if (!(error instanceof OutpostError && error.code === 'ErrNotFound')) {
          this.warn({ upload: upload.id, err: error }, 'could not remove an abandoned upload');
          continue;
        }
      }
      await this.repo.uploads.delete(upload.id);
      removed++;
    }
    return removed;
  }
}
