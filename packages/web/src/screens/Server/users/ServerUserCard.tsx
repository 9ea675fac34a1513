import { useState } from 'react';
import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerPermissionFlag, ServerUserEntry } from '@outpost/shared';
import { useDeleteServerUser, usePutServerUser } from '../../../api/serverUsers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PermissionSwitches } from './PermissionSwitches';
import { flagsBeyond, flagsChanged, flagsOf } from './serverUserEntry';

interface ServerUserCardProps {
  serverId: string;
  entry: ServerUserEntry;
  mayGrant: (flag: ServerPermissionFlag) => boolean;
}

/** A saved user of the server: their switches with Update, and Delete behind a confirmation. */
export function ServerUserCard({ serverId, entry, mayGrant }: ServerUserCardProps) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState(() => flagsOf(entry));
  const [confirming, setConfirming] = useState(false);
  const put = usePutServerUser(serverId);
  const remove = useDeleteServerUser(serverId);
  // The server refuses to change or remove someone holding flags the current user lacks.
  const outranks = flagsBeyond(entry, mayGrant).length > 0;

  // mutateAsync, not mutate's callbacks: a deleted entry unmounts once the list refetches, and
  // the toast must still show.
  const save = async () => {
    try {
      await put.mutateAsync({ email: entry.email, flags });
      notifySuccess(entry.pending ? t('invite.sent', { email: entry.email }) : t('toast.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(entry.email);
      setConfirming(false);
      notifySuccess(entry.pending ? t('invite.withdrawn') : t('serverUsers.deleted'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={`server-user-${entry.email}`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar name={entry.username || entry.email} color="initials" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {entry.email}
            </Text>
            {entry.username && (
              <Text size="sm" c="dimmed" truncate>
                {entry.username}
              </Text>
            )}
            {entry.pending && (
              <Badge color="yellow" variant="light" size="sm" data-testid="server-user-pending">
                {t('invite.pending')}
              </Badge>
            )}
          </div>
        </Group>
        <PermissionSwitches value={flags} onChange={setFlags} isLocked={(flag) => outranks || !mayGrant(flag)} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {outranks ? t('serverUsers.outranks') : ''}
          </Text>
          <Group gap="sm">
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} disabled={outranks} onClick={() => setConfirming(true)} aria-label={`${t('serverUsers.remove')}: ${entry.email}`} data-testid="server-user-delete">
              {t('serverUsers.remove')}
            </Button>
            {/* An invitation can be sent again as it stands (a fresh link), or with changed flags. */}
            <Button loading={put.isPending} disabled={outranks || (!entry.pending && !flagsChanged(entry, flags))} onClick={() => void save()} aria-label={`${t('serverUsers.update')}: ${entry.email}`} data-testid="server-user-save">
              {entry.pending && !flagsChanged(entry, flags) ? t('invite.resend') : t('serverUsers.update')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={entry.pending ? t('invite.withdrawTitle') : t('serverUsers.deleteTitle')}
        message={entry.pending ? t('invite.withdrawConfirm', { email: entry.email }) : t('serverUsers.deleteConfirm', { email: entry.email })}
        confirmLabel={t('serverUsers.remove')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        testId="server-user-delete-confirm"
      />
    </Paper>
  );
}
