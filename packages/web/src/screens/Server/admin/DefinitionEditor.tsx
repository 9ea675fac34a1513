import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerDefinition } from '@outpost/shared';
import { ApiError } from '../../../api/ApiError';
import { useSaveDefinition } from '../../../api/serverDefinition';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import type { DraftInvalid } from '../../Template/editor/definitionDraft';
import { DraftEditor } from '../../Template/editor/DraftEditor';
import { useDefinitionDraft } from '../../Template/editor/useDefinitionDraft';

/**
 * The edit-definition overlay (spec 2.10): the server's definition in the editor of 2.12 in
 * server mode (or as JSON), saved and reloaded. Closing it with unsaved edits asks first.
 */
export function DefinitionEditor({ serverId, definition, opened, onClose }: { serverId: string; definition: ServerDefinition; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('serverAdmin.editDefinition')} size="80rem" closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false}>
      {/* Mounted only while open, so each opening starts from the definition as it is now. */}
      {opened && <DefinitionDraft serverId={serverId} definition={definition} onClose={onClose} />}
    </Modal>
  );
}

function DefinitionDraft({ serverId, definition, onClose }: { serverId: string; definition: ServerDefinition; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = useDefinitionDraft(definition);
  const save = useSaveDefinition(serverId);
  const [refused, setRefused] = useState<DraftInvalid | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);

  const submit = () => {
    const next = editing.definitionToSave();
    if (!next) return;
    save.mutate(next, {
      onSuccess: () => {
        editing.markSaved();
        notifySuccess(t('toast.saved'));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'ErrInvalidJson') {
          const field = error.metadata.field;
          setRefused({ field: typeof field === 'string' ? field : undefined });
        } else notifyError(error);
      },
    });
  };

  return (
    <Stack>
      <DraftEditor
        draft={editing.draft}
        onDraft={(draft) => {
          editing.setDraft(draft);
          setRefused(null);
        }}
        mode="server"
        refused={refused ?? editing.invalid}
        jsonHeight="60vh"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => (editing.dirty ? setConfirmClose(true) : onClose())} data-testid="definition-cancel">
          {t('common.cancel')}
        </Button>
        <Button loading={save.isPending} disabled={editing.isV1} onClick={submit} data-testid="definition-save">
          {t('common.save')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmClose}
        title={t('templateEditor.leaveTitle')}
        message={t('templateEditor.leaveMessage')}
        confirmLabel={t('templateEditor.discard')}
        onClose={() => setConfirmClose(false)}
        onConfirm={onClose}
        testId="discard-unsaved"
      />
      {editing.leaveDialog}
    </Stack>
  );
}
