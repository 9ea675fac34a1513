import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** The tasks tab: its content arrives with a later issue, and the tab says so. */
export default function PlaceholderTab() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <EmptyState title={t('placeholder.title')} description={t('placeholder.description')} />
    </Paper>
  );
}
