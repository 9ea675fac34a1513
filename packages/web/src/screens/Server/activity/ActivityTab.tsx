import { Paper, Title } from '@mantine/core';
import { ActivityList } from '../../../components/activity/ActivityList';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerViewProps } from '../serverViews';

/** What was done on the server and by whom (issue 31), for holders of viewServerActivity. */
export default function ActivityTab({ server }: ServerViewProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="server-activity">
      <Title order={4} mb="md">
        {t('activity.serverTitle')}
      </Title>
      <ActivityList source={{ kind: 'server', server: server.id }} />
    </Paper>
  );
}
