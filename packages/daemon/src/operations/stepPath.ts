import { substitute } from '@outpost/shared';
import { resolveInside } from '../files/resolveInside.js';
import type { OperationContext } from './OperationContext.js';

/** A path a template wrote: variables substituted, then jailed inside the server folder. */
export function stepPath(ctx: OperationContext, path: string): Promise<string> {
  return resolveInside(ctx.root, substitute(path, ctx.variables));
}

/** The path as users see it, relative to the server folder, for log lines. */
export function shownPath(ctx: OperationContext, absolute: string): string {
  const rel = absolute.startsWith(ctx.root) ? absolute.slice(ctx.root.length).replace(/^[\\/]+/, '') : absolute;
  return rel === '' ? '.' : rel;
}
