import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { isValidServerName } from '@outpost/shared';
import { useRenameServer } from '../../api/servers';
import { notifyError } from '../../components/notify';

/** Spec section 2.1: Cancel puts the name back; Save renames and the header follows at once. */
export function RenameDialog({ serverId, name, opened, onClose }: { serverId: string; name: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameServer(serverId);
  const [value, setValue] = useState(name);
  const error = !value.trim() ? t('errors.ErrFieldRequired', { field: t('server.name') }) : !isValidServerName(value) ? t('addServer.nameInvalid') : undefined;

  const cancel = () => {
    setValue(name);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    rename.mutate(value.trim(), { onSuccess: onClose, onError: notifyError });
  };

  return (
    <Modal opened={opened} onClose={cancel} title={t('server.renameTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('server.name')} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={value !== name && error} data-autofocus name="name" />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!!error}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
