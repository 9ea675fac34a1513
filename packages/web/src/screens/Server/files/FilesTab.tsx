import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, Group, Image, Loader, Modal, Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconFileZip, IconFolderPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Scopes, type FileEntry, type FileListing } from '@outpost/shared';
import { archiveFiles, extractArchive, fileUrl } from '../../../api/files';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { i18next } from '../../../i18n';
import { useConnection, useConnectionEvent } from '../../../live/useServerConnection';
import { Can } from '../../../components/Can';
import { useCan } from '../../../hooks/useCan';
import type { ServerViewProps } from '../serverViews';
import { useKeySequences } from '../useKeySequences';
import { FileEditorModal, type EditTarget } from './FileEditorModal';
import { archiveName, isEditable, isImage, joinPath, parentPath } from './fileKinds';
import { FileTable } from './FileTable';
import { NewEntryDialog } from './NewEntryDialog';
import { SftpCard } from './SftpCard';
import { useUploads } from './useUploads';

/** The file manager and the SFTP card (spec sections 2.5 and 2.6). */
export default function FilesTab({ server, permissions }: ServerViewProps) {
  return (
    <Stack gap="md">
      <Can scope={Scopes.ServersFilesGet} server={permissions}>
        <FileManager server={server} permissions={permissions} />
      </Can>
      <Can scope={Scopes.ServersFiles} server={permissions}>
        <SftpCard server={server} />
      </Can>
    </Stack>
  );
}

function FileManager({ server, permissions }: ServerViewProps) {
  const { t } = useTranslation();
  const connection = useConnection();
  const canWrite = useCan(Scopes.ServersFilesPut, permissions);
  const [listing, setListing] = useState<FileListing | null>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [creating, setCreating] = useState<'file' | 'folder' | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const path = listing?.path ?? '/';

  const list = useCallback(
    (target: string) => {
      setLoading(true);
      connection.send({ type: 'file', data: { action: 'get', path: target } });
    },
    [connection],
  );
  useEffect(() => list('/'), [list]);
  // A listing error ends the loading state too (spec section 4) and is shown above the list.
  useConnectionEvent(connection, 'file', (answer) => {
    setLoading(false);
    setSelected([]);
    setListing(answer.error ? { ...answer, files: listing?.path === answer.path ? listing.files : [] } : answer);
  });

  const refresh = () => list(path);
  const closeEditor = useCallback(() => setEditing(null), []);
  const { uploads, upload } = useUploads(server.id, refresh);

  const create = (name: string) => {
    const target = joinPath(path, name);
    if (creating === 'folder') connection.send({ type: 'file', data: { action: 'create', path: target } });
    else setEditing({ path: target, isNew: true });
    setCreating(null);
  };

  const archive = async () => {
    const names = selected.length > 0 ? selected : (listing?.files ?? []).map((entry) => entry.name);
    if (names.length === 0) return;
    const target = joinPath(path, archiveName(path, (listing?.files ?? []).map((entry) => entry.name)));
    try {
      await archiveFiles(server.id, target, names.map((name) => joinPath(path, name)));
      notifySuccess(t('files.archived'));
      refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  const extract = async (entry: FileEntry) => {
    try {
      await extractArchive(server.id, joinPath(path, entry.name), path);
      notifySuccess(t('files.extracted'));
      refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canWrite) return;
    const items = Array.from(event.dataTransfer.items);
    // Spec section 5: folders cannot be dropped; say so instead of uploading half of them.
    if (items.some((item) => item.webkitGetAsEntry?.()?.isDirectory)) {
      notifyError(new Error(i18next.t('errors.ErrDirectoryUploadNotSupported')));
      return;
    }
    void upload(path, Array.from(event.dataTransfer.files));
  };

  useKeySequences({
    r: refresh,
    'n f': canWrite && (() => setCreating('file')),
    'n d': canWrite && (() => setCreating('folder')),
    u: canWrite && (() => picker.current?.click()),
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      pos="relative"
      onDragEnter={(event) => {
        if (canWrite && event.dataTransfer.types.includes('Files')) setDragging(true);
      }}
      onDragOver={(event) => canWrite && event.preventDefault()}
      onDrop={onDrop}
      data-testid="file-manager"
    >
      {dragging && (
        <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.9} radius="md" center onDragLeave={() => setDragging(false)} zIndex={5}>
          <Stack align="center" gap="xs" style={{ pointerEvents: 'none' }}>
            <IconUpload size={40} />
            <Text fw={500}>{t('files.dropHere')}</Text>
          </Stack>
        </Overlay>
      )}
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={4}>{t('files.title')}</Title>
          <Text size="sm" c="dimmed" ff="monospace" data-testid="file-path">
            {path}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={refresh}>
            {t('files.refresh')}
          </Button>
          {canWrite && (
            <>
              <Button size="xs" variant="default" leftSection={<IconFilePlus size={14} />} onClick={() => setCreating('file')}>
                {t('files.newFile')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconFolderPlus size={14} />} onClick={() => setCreating('folder')}>
                {t('files.newFolder')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconFileZip size={14} />} onClick={() => void archive()} disabled={!listing?.files.length}>
                {selected.length > 0 ? t('files.archiveSelection', { count: selected.length }) : t('files.archiveFolder')}
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
                  void upload(path, Array.from(event.currentTarget.files ?? []));
                  event.currentTarget.value = '';
                }}
                data-testid="file-upload-input"
              />
            </>
          )}
        </Group>
      </Group>
      {uploads.map((entry) => (
        <Box key={entry.name} mb="xs">
          <Text size="xs">{t('files.uploading', { name: entry.name })}</Text>
          <Progress value={entry.fraction * 100} size="sm" />
        </Box>
      ))}
      {listing?.error && (
        <Alert color="red" mb="sm">
          {t(`errors.${listing.error}`, { defaultValue: t('errors.ErrUnknownError') })}
        </Alert>
      )}
      {loading && !listing ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Box style={{ opacity: loading ? 0.6 : 1 }}>
          <FileTable
            files={listing?.files ?? []}
            selected={selected}
            onSelect={setSelected}
            canWrite={canWrite}
            actions={{
              open: (entry) => {
                if (!entry.isFile) list(joinPath(path, entry.name));
                else if (isImage(entry.name)) setPreviewing(entry);
                else if (canWrite && isEditable(entry.name, entry.size)) setEditing({ path: joinPath(path, entry.name), isNew: false });
                else window.open(fileUrl(server.id, joinPath(path, entry.name)), '_blank');
              },
              up: path === '/' || path === '' ? null : () => list(parentPath(path)),
              edit: (entry) => setEditing({ path: joinPath(path, entry.name), isNew: false }),
              preview: setPreviewing,
              downloadUrl: (entry) => fileUrl(server.id, joinPath(path, entry.name)),
              remove: canWrite ? setDeleting : null,
              extract: canWrite ? (entry) => void extract(entry) : null,
            }}
          />
          {listing && listing.files.length === 0 && !listing.error && (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {t('files.empty')}
            </Text>
          )}
        </Box>
      )}
      <NewEntryDialog kind={creating} onClose={() => setCreating(null)} onCreate={create} />
      <FileEditorModal serverId={server.id} target={editing} onClose={closeEditor} onSaved={refresh} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        message={t('files.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('files.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) connection.send({ type: 'file', data: { action: 'delete', path: joinPath(path, deleting.name) } });
          setDeleting(null);
        }}
        testId="file-delete-confirm"
      />
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title={previewing?.name} size="xl">
        {previewing && <Image src={fileUrl(server.id, joinPath(path, previewing.name))} alt={previewing.name} fit="contain" mah="70vh" />}
      </Modal>
    </Paper>
  );
}
