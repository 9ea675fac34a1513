import type { ReactNode, RefObject } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { IconFilePlus, IconFileZip, IconFolderPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';

interface FileToolbarProps {
  canWrite: boolean;
  selectedCount: number;
  hasFiles: boolean;
  /** The hidden file input; the `u` shortcut clicks it too. */
  picker: RefObject<HTMLInputElement | null>;
  onRefresh: () => void;
  onCreate: (kind: 'file' | 'folder') => void;
  onArchive: () => void;
  onUpload: (files: File[]) => void;
  /** The folder shown, as a clickable path. */
  breadcrumb: ReactNode;
}

/** The folder shown, Refresh, and for writers New file, New folder, Archive and Upload. */
export function FileToolbar({ canWrite, selectedCount, hasFiles, picker, onRefresh, onCreate, onArchive, onUpload, breadcrumb }: FileToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="sm" wrap="wrap">
      <div>
        <Title order={4}>{t('files.title')}</Title>
        {breadcrumb}
      </div>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRefresh}>
          {t('files.refresh')}
        </Button>
        {canWrite && (
          <>
            <Button size="xs" variant="default" leftSection={<IconFilePlus size={14} />} onClick={() => onCreate('file')} data-testid="file-new">
              {t('files.newFile')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconFolderPlus size={14} />} onClick={() => onCreate('folder')}>
              {t('files.newFolder')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconFileZip size={14} />} onClick={onArchive} disabled={!hasFiles}>
              {selectedCount > 0 ? t('files.archiveSelection', { count: selectedCount }) : t('files.archiveFolder')}
            </Button>
            <Button size="xs" leftSection={<IconUpload size={14} />} onClick={() => picker.current?.click()}>
              {t('files.upload')}
            </Button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              onChange={(event) => {
                onUpload(Array.from(event.currentTarget.files ?? []));
                event.currentTarget.value = '';
              }}
              data-testid="file-upload-input"
            />
          </>
        )}
      </Group>
    </Group>
  );
}
