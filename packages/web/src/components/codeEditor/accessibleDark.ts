import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { oneDarkHighlightStyle, oneDarkTheme } from '@codemirror/theme-one-dark';

// One Dark's red, purple and grey fall under 4.5:1 on its background (and on the active line's):
// the same hues, lighter.
const lighter: Record<string, string> = { '#e06c75': '#ef8a92', '#c678dd': '#d69ae8', '#7d8799': '#a0a8b6' };

/** One Dark with every token colour readable (WCAG AA) on the editor's background and its active line. */
export const accessibleDark = [
  oneDarkTheme,
  syntaxHighlighting(HighlightStyle.define(oneDarkHighlightStyle.specs.map((spec) => ({ ...spec, color: lighter[String(spec.color)] ?? spec.color })))),
];
