import { Box, Paper } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { Scopes } from '@outpost/shared';
import { useSettings } from '../../api/settings';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { WebhooksCard } from '../../components/webhooks/WebhooksCard';
import { useCan } from '../../hooks/useCan';
import { SettingsForm } from './SettingsForm';
import { SingleSignOnCard } from './SingleSignOnCard';
import { TemplateReposCard } from './TemplateReposCard';

/** Panel settings, for who may change them; anyone else is told so without a call the panel would refuse. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const allowed = useCan(Scopes.SettingsEdit);
  const isAdmin = useCan(Scopes.ServersAdmin);
  const settings = useSettings({ enabled: allowed });
  if (!allowed) {
    return (
      <>
        <ScreenHeader title={t('screens.settings')} />
        <Paper withBorder radius="md" p="lg" data-testid="not-allowed">
          <EmptyState title={t('settings.notAllowedTitle')} description={t('settings.notAllowed')} />
        </Paper>
      </>
    );
  }
  return (
    <>
      <ScreenHeader title={t('screens.settings')} description={t('settings.description')} />
      <QueryState query={settings} skeletonRows={6}>
        {(initial) => <SettingsForm initial={initial} />}
      </QueryState>
      <Box mt="lg">
        <TemplateReposCard />
      </Box>
      <Box mt="lg">
        <SingleSignOnCard />
      </Box>
      {/* Panel-wide webhooks hear about every server: admins only (issue 31). */}
      {isAdmin && (
        <Box mt="lg">
          <WebhooksCard owner={{}} />
        </Box>
      )}
    </>
  );
}
