import { useCallback, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, Group, Image, Loader, Modal, Overlay, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import type { FileEntry } from '@outpost/shared';
import { fileUrl, useArchiveFiles, useCopyFile, useExtractArchive, useMoveFile } from '../../../api/files';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useCan } from '../../../hooks/useCan';
import { i18n } from '../../../i18n';
import { useConnection } from '../../../live/useServerConnection';
import { useNavigate } from '../../../router/useNavigate';
import { useParams } from '../../../router/useParams';
import { serverPath, serverPlace } from '../serverLocation';
import type { ServerViewProps } from '../serverViews';
import { useKeySequences } from '../useKeySequences';
import { archiveRequest } from './archiveRequest';
import { droppedNames } from './entryDrag';
import { FileBreadcrumb } from './FileBreadcrumb';
import { MoveDialog, type MoveTarget } from './MoveDialog';
import { SelectionBar } from './SelectionBar';
import { entryActions } from './entryActions';
import { FileEditorModal, type EditTarget } from './FileEditorModal';
import { joinPath } from './fileKinds';
import { FileTable } from './FileTable';
import { FileToolbar } from './FileToolbar';
import { NewEntryDialog } from './NewEntryDialog';
import { NotEditableDialog } from './NotEditableDialog';
import { droppedFiles } from './uploadRules';
import { useFolder } from './useFolder';
import { useUploads } from './useUploads';

/**
 * Browse, edit, upload, archive, move, copy and delete a server's files (spec section 2.5). The
 * folder shown is the address's (`/server/{id}/files/{folder}`), so a reload or a link opens it.
 */
export function FileManager({ server }: ServerViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wanted = serverPlace(useParams()['*']).folder;
  const folder = useFolder(useConnection(), wanted, (target) => navigate(serverPath(server.id, 'files', target)));
  const canWrite = useCan('filePut');
  const archive = useArchiveFiles(server.id);
  const extract = useExtractArchive(server.id);
  const moveFile = useMoveFile(server.id);
  const copyFile = useCopyFile(server.id);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const [deletingSelection, setDeletingSelection] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [creating, setCreating] = useState<'file' | 'folder' | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const [explaining, setExplaining] = useState<FileEntry | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { listing, path, loading, selected, refresh } = folder;
  const urlOf = (entry: FileEntry) => fileUrl(server.id, joinPath(path, entry.name));

  const closeEditor = useCallback(() => setEditing(null), []);
  const { uploads, upload, pause, resume } = useUploads(server.id, refresh);

  const create = (name: string) => {
    if (creating === 'folder') folder.createFolder(name);
    else setEditing({ path: joinPath(path, name), isNew: true });
    setCreating(null);
  };

  const archiveShown = (then?: (target: string) => void) => {
    const request = archiveRequest(path, (listing?.files ?? []).map((entry) => entry.name), selected);
    if (!request) return;
    archive.mutate(request, {
      onSuccess: () => {
        if (then) then(request.target);
        else notifySuccess(t('files.archived'));
        refresh();
      },
      onError: notifyError,
    });
  };

  /** Moves or copies one entry; the dialog closes once it went through, and stays open on a refusal. */
  const moveOrCopy = (target: MoveTarget, to: string) => {
    const mutation = target.mode === 'copy' ? copyFile : moveFile;
    mutation.mutate(
      { from: target.from, to: to.startsWith('/') ? to : joinPath(path, to) },
      {
        onSuccess: () => {
          notifySuccess(t(target.mode === 'copy' ? 'files.copied' : 'files.moved', { path: to }));
          setMoving(null);
          refresh();
        },
        onError: notifyError,
      },
    );
  };

  /** Rows dragged onto a folder (a row of this one, or a breadcrumb): each moves into it under its own name. */
  const dropInto = (event: DragEvent, destination: string) => {
    event.preventDefault();
    const names = droppedNames(event.dataTransfer).filter((name) => joinPath(path, name) !== destination);
    if (!canWrite || names.length === 0) return;
    void Promise.all(names.map((name) => moveFile.mutateAsync({ from: joinPath(path, name), to: joinPath(destination, name) })))
      .then(() => notifySuccess(t('files.moved', { path: destination })), notifyError)
      .finally(refresh);
  };

  /** One file downloads as it is; a folder or several entries are zipped here first (the archive route) and the zip downloads. */
  const downloadSelection = () => {
    const only = selected.length === 1 ? listing?.files.find((entry) => entry.name === selected[0]) : undefined;
    const start = (target: string) => {
      const link = document.createElement('a');
      link.href = fileUrl(server.id, target);
      link.download = target.split('/').pop() ?? '';
      link.click();
    };
    if (only?.isFile) return start(joinPath(path, only.name));
    archiveShown((target) => {
      notifySuccess(t('files.downloadZipped', { name: target.split('/').pop() }));
      start(target);
    });
  };

  const extractHere = (entry: FileEntry) =>
    extract.mutate(
      { archive: joinPath(path, entry.name), destination: path },
      {
        onSuccess: () => {
          notifySuccess(t('files.extracted'));
          refresh();
        },
        onError: notifyError,
      },
    );

  const open = (entry: FileEntry) => {
    const action = entryActions(entry, canWrite).open;
    if (action === 'folder') folder.open(entry.name);
    else if (action === 'preview') setPreviewing(entry);
    else if (action === 'edit') setEditing({ path: joinPath(path, entry.name), isNew: false });
    else if (action === 'view') window.open(urlOf(entry), '_blank');
    else setExplaining(entry);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canWrite) return;
    const drop = droppedFiles(event.dataTransfer);
    if ('error' in drop) notifyError(new Error(i18n.t(`errors.${drop.error}`)));
    else void upload(path, drop.files);
  };

  const choose = () => picker.current?.click();
  // Spec: upload is u or Enter (Enter only from the page itself, never from a focused control or dialog).
  useKeySequences({
    r: refresh,
    'n f': canWrite && (() => setCreating('file')),
    'n d': canWrite && (() => setCreating('folder')),
    u: canWrite && choose,
    Enter: canWrite && choose,
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
      <FileToolbar
        canWrite={canWrite}
        selectedCount={selected.length}
        hasFiles={!!listing?.files.length}
        picker={picker}
        onRefresh={refresh}
        onCreate={setCreating}
        onArchive={() => archiveShown()}
        breadcrumb={<FileBreadcrumb path={path} onOpen={folder.goTo} onDropEntries={canWrite ? dropInto : undefined} />}
        onUpload={(files) => void upload(path, files)}
      />
      {canWrite && (
        <SelectionBar count={selected.length} onDelete={() => setDeletingSelection(true)} onDownload={downloadSelection} onArchive={() => archiveShown()} onClear={() => folder.setSelected([])} />
      )}
      {uploads.map((entry) => {
        const known = entry.fraction !== undefined;
        const percent = Math.floor((entry.fraction ?? 0) * 100);
        const underWay = known && percent < 100;
        const label = !known ? t('files.uploadStarting', { name: entry.name }) : entry.paused ? t('files.uploadPaused', { name: entry.name, percent }) : t('files.uploadProgress', { name: entry.name, percent });
        return (
          <Box key={entry.name} mb="xs" data-testid="upload-progress" data-percent={known ? percent : undefined}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs">{label}</Text>
              {underWay && (
                <Button size="compact-xs" variant="subtle" leftSection={entry.paused ? <IconPlayerPlay size={12} /> : <IconPlayerPause size={12} />} onClick={entry.paused ? resume : pause}>
                  {entry.paused ? t('files.resume') : t('files.pause')}
                </Button>
              )}
            </Group>
            {/* Until the panel says how much it holds, the bar shows only that something is under way. */}
            <Progress value={known ? percent : 100} striped={!known} animated={!known} size="sm" />
          </Box>
        );
      })}
      {uploads.length > 0 && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('files.resumeHint')}
        </Text>
      )}
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
            onSelect={folder.setSelected}
            canWrite={canWrite}
            actions={{
              open,
              up: folder.up,
              edit: (entry) => setEditing({ path: joinPath(path, entry.name), isNew: false }),
              preview: setPreviewing,
              downloadUrl: urlOf,
              remove: setDeleting,
              extract: extractHere,
              move: (entry, mode) => setMoving({ mode, entry, from: joinPath(path, entry.name) }),
              dropOnto: (event, name) => dropInto(event, joinPath(path, name)),
            }}
          />
          {listing && listing.files.length === 0 && !listing.error && (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {t('files.empty')}
            </Text>
          )}
        </Box>
      )}
      <MoveDialog target={moving} onClose={() => setMoving(null)} onSubmit={moveOrCopy} />
      <ConfirmDialog
        opened={deletingSelection}
        title={t('files.deleteTitle')}
        message={t('files.deleteSelectionConfirm', { count: selected.length })}
        confirmLabel={t('files.delete')}
        onClose={() => setDeletingSelection(false)}
        onConfirm={() => {
          for (const name of selected) folder.remove(name);
          setDeletingSelection(false);
        }}
        testId="selection-delete-confirm"
      />
      <NewEntryDialog kind={creating} onClose={() => setCreating(null)} onCreate={create} />
      <FileEditorModal serverId={server.id} target={editing} onClose={closeEditor} onSaved={refresh} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        message={t('files.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('files.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) folder.remove(deleting.name);
          setDeleting(null);
        }}
        testId="file-delete-confirm"
      />
      <NotEditableDialog entry={explaining} url={explaining ? urlOf(explaining) : ''} onClose={() => setExplaining(null)} />
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title={previewing?.name} size="xl">
        {previewing && <Image src={urlOf(previewing)} alt={previewing.name} fit="contain" mah="70vh" />}
      </Modal>
    </Paper>
  );
}
