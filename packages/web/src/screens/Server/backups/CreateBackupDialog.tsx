import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { useCreateBackup } from '../../../api/backups';
import { notifyError, notifySuccess } from '../../../components/notify';

/** Asks for an optional name, then starts the backup; its row shows the progress. */
export function CreateBackupDialog({ serverId, opened, onClose }: { serverId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBackup(serverId);
  const [name, setName] = useState('');

  const close = () => {
    setName('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim() || undefined, {
      onSuccess: () => {
        notifySuccess(t('backups.started'));
        close();
      },
      onError: notifyError,
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('backups.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('backups.name')}
            description={t('backups.nameHint')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            name="name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="backup-create-confirm">
              {t('backups.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
