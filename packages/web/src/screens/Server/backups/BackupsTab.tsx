import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Backup } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useBackups, useDeleteBackup } from '../../../api/backups';
import { Can } from '../../../components/Can';
import { RemoveDialog } from '../../../components/RemoveDialog';
import { QueryState } from '../../../components/QueryState';
import { useCan } from '../../../hooks/useCan';
import type { ServerViewProps } from '../serverViews';
import { BackupBrowser } from './BackupBrowser';
import { BackupRow } from './BackupRow';
import { CreateBackupDialog } from './CreateBackupDialog';
import { RestoreAllDialog } from './RestoreAllDialog';
import { RetentionPolicy } from './RetentionPolicy';

/** The time now, moved on every minute, so "3 minutes ago" keeps true while the tab stays open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The server's backups (issue 29): the list with progress, retention, create, and each backup's download, browse, restore, lock and delete. */
export default function BackupsTab({ server }: ServerViewProps) {
  const { t } = useTranslation();
  const backups = useBackups(server.id);
  const remove = useDeleteBackup(server.id);
  const canCreate = useCan('backupCreate');
  const now = useMinuteClock();
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState<Backup>();
  const [restoring, setRestoring] = useState<Backup>();
  const [deleting, setDeleting] = useState<Backup>();

  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="backup-create">
      {t('backups.create')}
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="lg" data-testid="backups">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('backups.title')}</Title>
        {createButton}
      </Group>
      <Can action="backupPolicyView">
        <RetentionPolicy serverId={server.id} />
      </Can>
      <QueryState
        query={backups}
        isEmpty={(list) => list.backups.length === 0}
        empty={{ title: t('backups.none'), description: canCreate ? t('backups.noneHint') : undefined, action: createButton }}
      >
        {({ backups: list }) => (
          <Stack gap="xs" mt="md">
            {list.map((backup) => (
              <BackupRow key={backup.id} serverId={server.id} backup={backup} now={now} onBrowse={setBrowsing} onRestore={setRestoring} onDelete={setDeleting} />
            ))}
          </Stack>
        )}
      </QueryState>
      <CreateBackupDialog serverId={server.id} opened={creating} onClose={() => setCreating(false)} />
      {browsing && <BackupBrowser serverId={server.id} backup={browsing} onClose={() => setBrowsing(undefined)} />}
      <RestoreAllDialog serverId={server.id} backup={restoring} onClose={() => setRestoring(undefined)} />
      <RemoveDialog
        item={deleting}
        idOf={(backup) => backup.id}
        remove={remove}
        title={t('backups.deleteTitle')}
        message={t('backups.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('backups.delete')}
        removed={t('backups.deleted')}
        onClose={() => setDeleting(undefined)}
        testId="confirm-delete-backup"
      />
    </Paper>
  );
}
