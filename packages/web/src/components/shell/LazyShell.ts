import { createElement, type ReactNode } from 'react';
import type { Scope } from '@outpost/shared';
import { lazyComponent } from '../../lazyComponent';

interface FrameProps {
  /** The scope the screen's route names (routes.ts): without it, the not-allowed card in its place. */
  scope?: Scope;
  refusal?: string;
  children: ReactNode;
}

/**
 * The signed-in frame (menu, shortcuts, tooltips) around a screen behind its scope, loaded on
 * demand: the sign-in page draws without it, or the scope checks' code.
 */
export const LazyShell = lazyComponent<FrameProps>(() =>
  Promise.all([import('./Shell'), import('../ScopeGate')]).then(([{ Shell }, { ScopeGate }]) => ({
    default: ({ scope, refusal, children }: FrameProps) => createElement(Shell, null, createElement(ScopeGate, { scope, refusal, children })),
  })),
);
