import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFolderOpen, IconHistory, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import type { Backup } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { backupDownloadUrl, useEditBackup } from '../../../api/backups';
import { notifyError } from '../../../components/notify';
import { useCan } from '../../../hooks/useCan';
import { useFormat } from '../../../hooks/useFormat';

interface BackupRowProps {
  serverId: string;
  backup: Backup;
  /** The clock the age is told against. */
  now: number;
  onBrowse: (backup: Backup) => void;
  onRestore: (backup: Backup) => void;
  onDelete: (backup: Backup) => void;
}

const statusColor = { running: 'blue', done: 'teal', failed: 'red' } as const;

/** An icon button named `label`, with `hint` (else its name) as tooltip. */
function RowAction({ label, hint, children, ...props }: { label: string; hint?: string; children: ReactNode } & Record<string, unknown>) {
  return (
    <Tooltip label={hint ?? label}>
      <ActionIcon variant="subtle" aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** One backup: name, lock, status (with progress while running), size, age and who made it, and what the user may do with it. */
export function BackupRow({ serverId, backup, now, onBrowse, onRestore, onDelete }: BackupRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const edit = useEditBackup(serverId);
  const may = {
    download: useCan('backupDownload'),
    browse: useCan('backupBrowse'),
    restore: useCan('backupRestore'),
    lock: useCan('backupEdit'),
    delete: useCan('backupDelete'),
  };
  const done = backup.status === 'done';
  const createdAt = Date.parse(backup.createdAt);
  // A failure's code says why in the reader's language, the daemon's words (the storage's answer, the disk's) beneath.
  const failed = backup.status === 'failed';
  const reason = failed && backup.errorCode ? t(`errors.${backup.errorCode}`, { defaultValue: '' }) : '';

  return (
    <Paper withBorder p="sm" data-testid="backup-row" data-backup={backup.name} data-status={backup.status}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {backup.locked && <IconLock size={16} aria-label={t('backups.locked')} data-testid="backup-locked" style={{ flexShrink: 0 }} />}
            <Text fw={500} truncate>
              {backup.name || t('backups.unnamed')}
            </Text>
            <Badge color={statusColor[backup.status]} variant="light" size="sm" style={{ flexShrink: 0 }} data-testid="backup-status">
              {t(`backups.status.${backup.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              // A failed backup's partial archive is gone: its size would say nothing.
              backup.status === 'failed' ? undefined : format.bytes(backup.size),
              done ? t('backups.files', { count: backup.files, files: format.number(backup.files) }) : undefined,
              t(`backups.madeBy.${backup.createdBy.type}`, { name: backup.createdBy.name }),
            ]
              .filter(Boolean)
              .join(' · ')}
            {' · '}
            <Tooltip label={format.dateTime(createdAt)}>
              <time dateTime={backup.createdAt}>{format.ago(createdAt, now)}</time>
            </Tooltip>
          </Text>
          {backup.status === 'running' && (
            <Group gap="xs" wrap="nowrap" data-testid="backup-progress">
              <Progress value={(backup.progress ?? 0) * 100} size="sm" animated style={{ flex: 1 }} aria-label={t('backups.status.running')} />
              <Text size="xs" c="dimmed">
                {format.percent((backup.progress ?? 0) * 100)}
              </Text>
            </Group>
          )}
          {failed && (
            <Text size="sm" c="red" data-testid="backup-error">
              {reason || backup.error || t('errors.ErrUnknownError')}
            </Text>
          )}
          {reason && backup.error && (
            <Text size="xs" c="dimmed" ff="monospace" data-testid="backup-error-detail">
              {backup.error}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {done && may.download && (
            <RowAction label={t('backups.download')} data-testid="backup-download" component="a" href={backupDownloadUrl(serverId, backup.id)} download>
              <IconDownload size={18} />
            </RowAction>
          )}
          {done && may.browse && (
            <RowAction label={t('backups.browse')} data-testid="backup-browse" onClick={() => onBrowse(backup)}>
              <IconFolderOpen size={18} />
            </RowAction>
          )}
          {done && may.restore && (
            <RowAction label={t('backups.restoreAll')} data-testid="backup-restore-all" onClick={() => onRestore(backup)}>
              <IconHistory size={18} />
            </RowAction>
          )}
          {done && may.lock && (
            <RowAction
              label={backup.locked ? t('backups.unlock') : t('backups.lock')}
              data-testid="backup-lock"
              loading={edit.isPending}
              onClick={() => edit.mutate({ backupId: backup.id, locked: !backup.locked }, { onError: notifyError })}
            >
              {backup.locked ? <IconLockOpen size={18} /> : <IconLock size={18} />}
            </RowAction>
          )}
          {backup.status !== 'running' && may.delete && (
            // data-disabled rather than disabled, so the tooltip saying why still hears the pointer.
            <RowAction
              label={t('backups.delete')}
              data-testid="backup-delete"
              hint={backup.locked ? t('backups.deleteLocked') : undefined}
              color="red"
              data-disabled={backup.locked || undefined}
              aria-disabled={backup.locked || undefined}
              onClick={() => !backup.locked && onDelete(backup)}
            >
              <IconTrash size={18} />
            </RowAction>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
