import { createTheme } from '@mantine/core';

/** Outpost's own look: a calm teal-blue accent, rounded but not bubbly. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "WenQuanYi Micro Hei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
