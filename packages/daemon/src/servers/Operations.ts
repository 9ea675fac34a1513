import type { Requirements, Step } from '@outpost/shared';
import type { OperationContext } from '../operations/OperationContext.js';

export type { OperationContext };

/** The step runner and requirement check the servers use, injected so the daemon wires the real ones. */
export interface Operations {
  runOperations(steps: Step[], ctx: OperationContext): Promise<void>;
  checkRequirements(requirements: Requirements | undefined): void | Promise<void>;
}
