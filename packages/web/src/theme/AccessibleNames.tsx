import { useMemo, type ReactNode } from 'react';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { useTranslation } from '../translation/useTranslation';

/**
 * Names, in the reader's language, for the buttons Mantine draws with only an icon: every dialog's,
 * drawer's, alert's and toast's close button (a screen reader would otherwise say just "button").
 * A dialog's × is left out of the Tab order, so the focus starts on the dialog's first field (Esc closes).
 */
export function AccessibleNames({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const names = useMemo<MantineThemeOverride>(() => {
    const close = { 'aria-label': t('common.close') };
    const dialogClose = { ...close, tabIndex: -1 };
    return {
      components: {
        Modal: { defaultProps: { closeButtonProps: dialogClose } },
        Drawer: { defaultProps: { closeButtonProps: dialogClose } },
        Notification: { defaultProps: { closeButtonProps: close } },
        Alert: { defaultProps: { closeButtonLabel: t('common.close') } },
      },
    };
  }, [t]);
  return <MantineThemeProvider theme={names}>{children}</MantineThemeProvider>;
}
