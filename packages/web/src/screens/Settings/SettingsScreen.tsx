import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/settings';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { SettingsForm } from './SettingsForm';
import { TemplateReposCard } from './TemplateReposCard';

export default function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <ScreenHeader title={t('screens.settings')} description={t('settings.description')} />
      <QueryState query={settings} skeletonRows={6}>
        {(initial) => <SettingsForm initial={initial} />}
      </QueryState>
      <Box mt="lg">
        <TemplateReposCard />
      </Box>
    </>
  );
}
