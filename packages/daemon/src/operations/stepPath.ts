import { substitute } from '@outpost/shared';
import { isAbsolute } from 'node:path';
import { jailPath } from '../files/jailPath.js';
import { isInside } from '../files/resolveInside.js';
import type { OperationContext } from './OperationContext.js';

/**
 * A path a template wrote, as a path in the server folder for ctx.files: variables substituted,
 * climbing out refused. An absolute path that already lies in the folder (as
 * "${rootDir}/server.jar" does) is taken from there; any other absolute path counts from the
 * server folder, like every user path. Links are followed (or refused) by the jail when used.
 */
export function stepPath(ctx: OperationContext, path: string): string {
  const text = substitute(path, ctx.variables);
  const local = isAbsolute(text) && isInside(ctx.root, text) ? text.slice(ctx.root.length) || '.' : text;
  return jailPath(local);
}

/** The path as users see it, relative to the server folder, for log lines. */
export function shownPath(path: string): string {
  return path === '' ? '.' : path;
}
