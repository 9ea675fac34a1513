import { substitute } from '@outpost/shared';
import { isAbsolute } from 'node:path';
import { isInside, resolveInside } from '../files/resolveInside.js';
import type { OperationContext } from './OperationContext.js';

/**
 * A path a template wrote: variables substituted, then jailed inside the server folder. An
 * absolute path that already lies in the folder (as "${rootDir}/server.jar" does) is taken as
 * it is; any other absolute path counts from the server folder, like every user path.
 */
export function stepPath(ctx: OperationContext, path: string): Promise<string> {
  const text = substitute(path, ctx.variables);
  const local = isAbsolute(text) && isInside(ctx.root, text) ? text.slice(ctx.root.length) || '.' : text;
  return resolveInside(ctx.root, local);
}

/** The path as users see it, relative to the server folder, for log lines. */
export function shownPath(ctx: OperationContext, absolute: string): string {
  const rel = absolute.startsWith(ctx.root) ? absolute.slice(ctx.root.length).replace(/^[\\/]+/, '') : absolute;
  return rel === '' ? '.' : rel;
}
