import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDefinition } from '@outpost/shared';
import { putDefinition, reloadServer } from '../../../api/serverProxy';
import { notifyError, notifySuccess } from '../../../components/notify';
import { LazyCodeEditor as CodeEditor } from '../../../components/codeEditor/LazyCodeEditor';

/** The edit-definition overlay: the server's definition as JSON, saved and reloaded. */
export function DefinitionEditor({ serverId, definition, opened, onClose, onSaved }: { serverId: string; definition: ServerDefinition; opened: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setText(JSON.stringify(definition, null, 2));
      setInvalid(false);
    }
  }, [opened, definition]);

  const save = async () => {
    let parsed: ServerDefinition;
    try {
      parsed = JSON.parse(text) as ServerDefinition;
    } catch {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      await putDefinition(serverId, parsed);
      await reloadServer(serverId);
      notifySuccess(t('toast.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('serverAdmin.editDefinition')} size="xl">
      <Stack>
        {invalid && (
          <Alert color="red" data-testid="definition-invalid">
            {t('errors.ErrInvalidJson')}
          </Alert>
        )}
        <CodeEditor
          value={text}
          onChange={(value) => {
            setText(value);
            setInvalid(false);
          }}
          fileName="definition.json"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
