import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

/** Outpost's own look: a calm teal-blue accent, rounded but not bubbly. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled controls (the power buttons among them) take the darker shade, and white or black text,
  // whichever reads better: at this threshold every shade-8 text reaches 4.5:1 (WCAG AA), red keeping white.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.185,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "WenQuanYi Micro Hei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Keyboard focus shows on every control, mouse clicks draw no ring.
  focusRing: 'auto',
  components: {
    // Mantine keeps a closed select's list in the page (hidden) and positions it on mount: the
    // server list's two filters forced a style and layout pass worth 60-120 ms before its first
    // paint. The list is drawn when opened instead. Plain objects, so no picker code loads here.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    Autocomplete: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // A link inside a sentence is told apart by more than its colour.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Colours Mantine draws below 4.5:1 against their background: dimmed text (hints, descriptions,
 * timestamps), and the text of light buttons and badges in the light scheme.
 */
export const accessibleColors: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(Object.keys(resolved.colors).map((name) => [`--mantine-color-${name}-light-color`, darken(resolved.colors[name]![9], 0.3)])),
  },
  dark: { '--mantine-color-dimmed': '#a0a0a0' },
});
