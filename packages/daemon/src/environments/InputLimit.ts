/** Console input the daemon holds for a program that has not read it yet, at most. */
export const INPUT_QUEUE_LIMIT = 1024 * 1024;

export const INPUT_DROPPED_LINE = '[DAEMON] input dropped: the program is not reading its input\n';

/**
 * Bounds console input waiting for a program: a program that never reads its stdin would
 * otherwise make the daemon hold every command sent to it. Beyond the limit commands are
 * dropped, and the console is told once per run of drops.
 */
export class InputLimit {
  private dropping = false;

  constructor(
    /** Bytes written but not yet taken by the program. */
    private readonly queued: () => number,
    private readonly onOutput: (text: string) => void,
    private readonly limit = INPUT_QUEUE_LIMIT,
  ) {}

  /** Whether `data` may be queued now; says so in the console when it may not. */
  admit(data: string): boolean {
    if (this.queued() + Buffer.byteLength(data) <= this.limit) {
      this.dropping = false;
      return true;
    }
    if (!this.dropping) this.onOutput(INPUT_DROPPED_LINE);
    this.dropping = true;
    return false;
  }
}
