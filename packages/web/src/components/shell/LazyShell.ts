import type { ReactNode } from 'react';
import { lazyComponent } from '../../lazyComponent';

/** The signed-in frame (menu, shortcuts, tooltips), loaded on demand: the sign-in page draws without it. */
export const LazyShell = lazyComponent<{ children: ReactNode }>(() => import('./Shell').then((module) => ({ default: module.Shell })));
