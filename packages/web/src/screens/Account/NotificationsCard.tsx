import { useState } from 'react';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { useNotifications, useSaveNotifications } from '../../api/notifications';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { AccountCard } from './AccountCard';

/** The label key of each event a user may be mailed about. */
const labels: Record<NotificationEvent, string> = {
  'server.crashed': 'account.notifications.crashed',
  'server.restart.gaveup': 'account.notifications.gaveUp',
  'server.backup.failed': 'account.notifications.backupFailed',
  'node.offline': 'account.notifications.nodeOffline',
};

/** Which events the user is mailed about: a box each, saved together. */
export function NotificationsCard() {
  const { t } = useTranslation();
  const saved = useNotifications();
  return (
    <AccountCard title={t('account.notifications.title')} description={t('account.notifications.description')} testId="account-notifications">
      <QueryState query={saved} skeletonRows={4}>
        {/* Keyed by the saved choice, so the boxes restart from it after a save. */}
        {({ events }) => <NotificationsForm key={events.join()} saved={events} />}
      </QueryState>
    </AccountCard>
  );
}

function NotificationsForm({ saved }: { saved: NotificationEvent[] }) {
  const { t } = useTranslation();
  const save = useSaveNotifications();
  const [chosen, setChosen] = useState<string[]>(saved);
  const changed = chosen.length !== saved.length || chosen.some((event) => !saved.includes(event as NotificationEvent));

  return (
    <Stack gap="sm">
      <Checkbox.Group value={chosen} onChange={setChosen}>
        <Stack gap="xs">
          {NOTIFICATION_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(labels[event])} data-testid={`notify-${event}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate({ events: chosen as NotificationEvent[] }, { onSuccess: () => notifySuccess(t('account.notifications.saved')), onError: notifyError })}
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
