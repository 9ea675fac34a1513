import { useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { fileUrl, useFileText, useWriteFile } from '../../../api/files';
import { useUnsavedEdits } from '../../../hooks/useUnsavedEdits';
import { notifyError, notifySuccess } from '../../../components/notify';
import { LazyCodeEditor as CodeEditor } from '../../../components/codeEditor/LazyCodeEditor';

export interface EditTarget {
  path: string;
  /** A new file starts empty and is only written on Save. */
  isNew: boolean;
}

interface FileEditorModalProps {
  serverId: string;
  target: EditTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The editor overlay with Cancel and Save (spec section 2.5). A file that is not text is offered
 * for download instead; closing with unsaved edits asks first.
 */
export function FileEditorModal({ serverId, target, onClose, onSaved }: FileEditorModalProps) {
  const { t } = useTranslation();
  const name = target?.path.split('/').pop() ?? '';
  const [dirty, setDirty] = useState(false);
  useUnsavedEdits(dirty);
  const close = () => {
    if (dirty && !window.confirm(t('unsaved.discard'))) return;
    setDirty(false);
    onClose();
  };
  const saved = () => {
    setDirty(false);
    onSaved();
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={name} size="90%" data-testid="file-editor">
      {/* Keyed by the file, so another file never starts from this one's edits. */}
      {target && (
        <FileEditorBody key={`${target.path} ${target.isNew}`} serverId={serverId} target={target} name={name} onClose={close} onSaved={saved} onDirty={setDirty} />
      )}
    </Modal>
  );
}

function FileEditorBody({
  serverId,
  target,
  name,
  onClose,
  onSaved,
  onDirty,
}: FileEditorModalProps & { target: EditTarget; name: string; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const file = useFileText(serverId, target.isNew ? null : target.path);
  const write = useWriteFile(serverId);
  // Until the first keystroke the editor shows the file as read.
  const [edited, setEdited] = useState<string | null>(null);
  // What the file holds after a save that kept the editor open.
  const [saved, setSaved] = useState<string | null>(null);
  const original = saved ?? (target.isNew ? '' : file.data);
  const text = edited ?? (original === undefined ? null : original);
  const binary = !target.isNew && file.isSuccess && file.data === null;
  useEffect(() => onDirty(edited !== null && edited !== original), [edited, original, onDirty]);

  // A file that cannot be read cannot be edited: say why and close.
  const failed = file.isError ? file.error : null;
  useEffect(() => {
    if (!failed) return;
    notifyError(failed);
    onClose();
  }, [failed, onClose]);

  // Save writes and closes; Ctrl+S (Cmd+S on macOS) writes and keeps editing, as editors do.
  const save = (keepOpen = false) => {
    if (text === null) return;
    write.mutate(
      { path: target.path, content: text },
      {
        onSuccess: () => {
          notifySuccess(t('toast.saved'));
          if (keepOpen) setSaved(text);
          else onSaved();
        },
        onError: notifyError,
      },
    );
  };
  const saveKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      save(true);
    }
  };

  if (binary) {
    return (
      <Stack>
        <Alert color="yellow" title={t('files.binaryTitle')} data-testid="file-binary">
          {t('files.binaryText')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('files.close')}
          </Button>
          <Button component="a" href={fileUrl(serverId, target.path)} download={name}>
            {t('files.download')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack onKeyDown={saveKey}>
      {text === null ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <CodeEditor value={text} onChange={setEdited} fileName={name} label={name} autoFocus />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button loading={write.isPending} disabled={text === null} onClick={() => save()} data-testid="file-editor-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
