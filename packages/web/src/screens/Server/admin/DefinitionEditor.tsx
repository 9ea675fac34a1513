import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDefinition } from '@outpost/shared';
import { useSaveDefinition } from '../../../api/serverDefinition';
import { notifyError, notifySuccess } from '../../../components/notify';
import { LazyCodeEditor as CodeEditor } from '../../../components/codeEditor/LazyCodeEditor';

/** The edit-definition overlay: the server's definition as JSON, saved and reloaded. */
export function DefinitionEditor({ serverId, definition, opened, onClose }: { serverId: string; definition: ServerDefinition; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useSaveDefinition(serverId);

  useEffect(() => {
    if (opened) {
      setText(JSON.stringify(definition, null, 2));
      setInvalid(false);
    }
  }, [opened, definition]);

  const submit = () => {
    let parsed: ServerDefinition;
    try {
      parsed = JSON.parse(text) as ServerDefinition;
    } catch {
      setInvalid(true);
      return;
    }
    save.mutate(parsed, {
      onSuccess: () => {
        notifySuccess(t('toast.saved'));
        onClose();
      },
      onError: notifyError,
    });
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
          <Button loading={save.isPending} onClick={submit}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
