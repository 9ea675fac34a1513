import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileText, useWriteFile } from '../../../api/files';
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

/** The editor overlay with Cancel and Save (spec section 2.5). */
export function FileEditorModal({ serverId, target, onClose, onSaved }: FileEditorModalProps) {
  const name = target?.path.split('/').pop() ?? '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={name} size="90%" data-testid="file-editor">
      {/* Keyed by the file, so another file never starts from this one's edits. */}
      {target && <FileEditorBody key={`${target.path} ${target.isNew}`} serverId={serverId} target={target} name={name} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function FileEditorBody({ serverId, target, name, onClose, onSaved }: FileEditorModalProps & { target: EditTarget; name: string }) {
  const { t } = useTranslation();
  const file = useFileText(serverId, target.isNew ? null : target.path);
  const write = useWriteFile(serverId);
  // Until the first keystroke the editor shows the file as read.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? (target.isNew ? '' : (file.data ?? null));

  // A file that cannot be read cannot be edited: say why and close.
  const failed = file.isError ? file.error : null;
  useEffect(() => {
    if (!failed) return;
    notifyError(failed);
    onClose();
  }, [failed, onClose]);

  const save = () => {
    if (text === null) return;
    write.mutate(
      { path: target.path, content: text },
      {
        onSuccess: () => {
          notifySuccess(t('toast.saved'));
          onSaved();
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Stack>
      {text === null ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <CodeEditor value={text} onChange={setEdited} fileName={name} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button loading={write.isPending} disabled={text === null} onClick={save} data-testid="file-editor-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
