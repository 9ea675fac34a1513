import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { ScreenHeader } from './ScreenHeader';

/**
 * An honest stand-in for a screen that a later issue builds: its title and a plain statement
 * that there is nothing to show yet. Never sample data.
 */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t(titleKey)} />
      <Paper withBorder radius="md" p="lg">
        <EmptyState title={t('placeholder.title')} description={t('placeholder.description')} />
      </Paper>
    </>
  );
}
