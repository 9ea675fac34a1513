import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { Backup } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useRestoreBackup } from '../../../api/backups';
import { notifyError, notifySuccess } from '../../../components/notify';

/** Restore all, confirmed: the whole backup over the server's folder, emptied first when asked. */
export function RestoreAllDialog({ serverId, backup, onClose }: { serverId: string; backup: Backup | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const restore = useRestoreBackup(serverId);
  const [truncate, setTruncate] = useState(false);

  const close = () => {
    setTruncate(false);
    onClose();
  };
  const confirm = () =>
    backup &&
    restore.mutate(
      { backupId: backup.id, truncate },
      {
        onSuccess: () => {
          notifySuccess(t('backups.restored'));
          close();
        },
        onError: notifyError,
      },
    );

  return (
    <Modal opened={backup !== undefined} onClose={close} title={t('backups.restoreAllTitle')}>
      <Stack>
        <Text size="sm">{t('backups.restoreAllMessage', { name: backup?.name ?? '' })}</Text>
        <Checkbox label={t('backups.truncate')} description={t('backups.truncateHint')} checked={truncate} onChange={(event) => setTruncate(event.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={restore.isPending} onClick={confirm} data-testid="confirm-restore-all">
            {t('backups.restoreAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
