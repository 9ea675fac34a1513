import { createTheme } from '@mantine/core';

/** Outpost's own look: a calm teal-blue accent, rounded but not bubbly. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "WenQuanYi Micro Hei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Mantine keeps a closed select's list in the page (hidden) and positions it on mount: the
    // server list's two filters forced a style and layout pass worth 60-120 ms before its first
    // paint. The list is drawn when opened instead. Plain objects, so no picker code loads here.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    Autocomplete: { defaultProps: { comboboxProps: { keepMounted: false } } },
  },
});
