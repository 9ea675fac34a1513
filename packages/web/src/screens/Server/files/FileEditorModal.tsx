import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readTextFile, writeFile } from '../../../api/files';
import { notifyError, notifySuccess } from '../../../components/notify';
import { LazyCodeEditor as CodeEditor } from '../../../components/codeEditor/LazyCodeEditor';

export interface EditTarget {
  path: string;
  /** A new file starts empty and is only written on Save. */
  isNew: boolean;
}

/** The editor overlay with Cancel and Save (spec section 2.5). */
export function FileEditorModal({ serverId, target, onClose, onSaved }: { serverId: string; target: EditTarget | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!target) return;
    if (target.isNew) {
      setText('');
      return;
    }
    setText(null);
    let live = true;
    readTextFile(serverId, target.path).then(
      (content) => live && setText(content),
      (error: unknown) => {
        notifyError(error);
        if (live) onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [serverId, target, onClose]);

  const save = async () => {
    if (!target || text === null) return;
    setSaving(true);
    try {
      await writeFile(serverId, target.path, text);
      notifySuccess(t('toast.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const name = target?.path.split('/').pop() ?? '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={name} size="90%" data-testid="file-editor">
      <Stack>
        {text === null ? (
          <Group justify="center" py="xl">
            <Loader size="sm" />
          </Group>
        ) : (
          <CodeEditor value={text} onChange={setText} fileName={name} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} disabled={text === null} onClick={() => void save()} data-testid="file-editor-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
