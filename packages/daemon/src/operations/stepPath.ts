import { substitute } from '@outpost/shared';
import type { OperationContext } from './OperationContext.js';

/**
 * A path a template wrote, as a path in the server folder for ctx.files: variables substituted,
 * then read by the server's jail (ServerFiles.pathOf): an absolute path that already lies in the
 * folder (as "${rootDir}/server.jar" does) is taken from there, any other counts from the server
 * folder, climbing out is refused, and links are followed (or refused) when the path is used.
 */
export function stepPath(ctx: OperationContext, path: string): Promise<string> {
  return ctx.files.pathOf(substitute(path, ctx.variables));
}

/** The path as users see it, relative to the server folder, for log lines. */
export function shownPath(path: string): string {
  return path === '' ? '.' : path;
}
