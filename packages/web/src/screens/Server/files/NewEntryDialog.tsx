import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';

/** Asks for a new file's or folder's name; Create stays disabled while it is empty (spec section 5). */
export function NewEntryDialog({ kind, onClose, onCreate }: { kind: 'file' | 'folder' | null; onClose: () => void; onCreate: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onCreate(name.trim());
    setName('');
  };
  return (
    <Modal opened={kind !== null} onClose={close} title={kind === 'folder' ? t('files.newFolder') : t('files.newFile')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label={t('files.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus name="name" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim()} data-testid="new-entry-create">
              {t('files.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
