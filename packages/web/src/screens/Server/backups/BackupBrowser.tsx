import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Modal, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowUp, IconFile, IconFolder, IconHistory } from '@tabler/icons-react';
import type { Backup, FileEntry } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useBackupFiles, useRestoreBackup } from '../../../api/backups';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { QueryState } from '../../../components/QueryState';
import { useCan } from '../../../hooks/useCan';
import { EntryDetailCells } from '../files/EntryDetailCells';
import { joinPath, parentPath } from '../files/fileKinds';
import { sortEntries } from '../files/FileTable';
import { crumbsOf } from './backupFolders';

interface BackupBrowserProps {
  serverId: string;
  backup: Backup;
  onClose: () => void;
}

/** A backup's files, read-only, as the file manager shows a folder: folders open, and each entry can be restored alone. */
export function BackupBrowser({ serverId, backup, onClose }: BackupBrowserProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState('/');
  const files = useBackupFiles(serverId, backup.id, path);
  const restore = useRestoreBackup(serverId);
  const canRestore = useCan('backupRestore');
  const [restoring, setRestoring] = useState<string>();

  const confirmRestore = () =>
    restoring &&
    restore.mutate(
      { backupId: backup.id, paths: [restoring] },
      {
        onSuccess: () => {
          notifySuccess(t('backups.restoredPath', { path: isolated(restoring) }));
          setRestoring(undefined);
        },
        onError: notifyError,
      },
    );

  // A path reads left to right in a right-to-left sentence too: isolated, "/world/level.dat" stays whole.
  const isolated = (text: string) => `\u2066${text}\u2069`;
  const crumbs = crumbsOf(path);
  const open = (entry: FileEntry) => !entry.isFile && setPath(joinPath(path, entry.name));

  return (
    <Modal opened onClose={onClose} size="xl" title={t('backups.browseTitle', { name: backup.name })}>
      <Breadcrumbs mb="sm" data-testid="backup-crumbs" style={{ flexWrap: 'wrap' }}>
        {[{ name: t('backups.root'), path: '/' }, ...crumbs].map((crumb, index, all) =>
          index === all.length - 1 ? (
            <Text key={crumb.path} size="sm" fw={500}>
              {crumb.name}
            </Text>
          ) : (
            <Anchor key={crumb.path} size="sm" component="button" type="button" onClick={() => setPath(crumb.path)}>
              {crumb.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <QueryState query={files}>
        {(entries) => (
          <Table.ScrollContainer minWidth={420}>
            <Table highlightOnHover verticalSpacing={6} data-testid="backup-files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('files.name')}</Table.Th>
                  <Table.Th w={110}>{t('files.size')}</Table.Th>
                  <Table.Th w={190}>{t('files.modified')}</Table.Th>
                  {canRestore && <Table.Th w={120} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {path !== '/' && (
                  <Table.Tr style={{ cursor: 'pointer' }} onClick={() => setPath(parentPath(path))} data-testid="backup-up">
                    <Table.Td colSpan={canRestore ? 4 : 3}>
                      <Group gap="xs">
                        <IconArrowUp size={16} />
                        <Text size="sm">..</Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )}
                {sortEntries(entries).map((entry) => (
                  <Table.Tr key={entry.name} data-entry={entry.name}>
                    <Table.Td>
                      <UnstyledButton onClick={() => open(entry)} style={{ cursor: entry.isFile ? 'default' : 'pointer' }}>
                        <Group gap="xs" wrap="nowrap">
                          {entry.isFile ? <IconFile size={16} /> : <IconFolder size={16} color="var(--mantine-color-yellow-6)" />}
                          <Text size="sm">{entry.name}</Text>
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    <EntryDetailCells entry={entry} />
                    {canRestore && (
                      <Table.Td>
                        <Button size="compact-xs" variant="light" leftSection={<IconHistory size={14} />} onClick={() => setRestoring(joinPath(path, entry.name))}>
                          {t('backups.restore')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {entries.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" py="md">
                {t('files.empty')}
              </Text>
            )}
          </Table.ScrollContainer>
        )}
      </QueryState>
      <ConfirmDialog
        opened={restoring !== undefined}
        title={t('backups.restoreTitle')}
        message={t('backups.restoreMessage', { path: isolated(restoring ?? ''), name: backup.name })}
        confirmLabel={t('backups.restore')}
        pending={restore.isPending}
        onClose={() => setRestoring(undefined)}
        onConfirm={confirmRestore}
        testId="confirm-restore-path"
      />
    </Modal>
  );
}
