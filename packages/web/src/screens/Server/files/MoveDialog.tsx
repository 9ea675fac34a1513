import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FileEntry } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';

export interface MoveTarget {
  mode: 'move' | 'copy';
  entry: FileEntry;
  /** The entry's full path from the server folder. */
  from: string;
}

/** Asks where to move (or rename) or copy an entry: its path, prefilled with where it is now. */
export function MoveDialog({ target, onClose, onSubmit }: { target: MoveTarget | null; onClose: () => void; onSubmit: (target: MoveTarget, to: string) => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  useEffect(() => setTo(target?.from ?? ''), [target]);
  const clean = to.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target && clean && clean !== target.from) onSubmit(target, clean);
  };
  const title = target?.mode === 'copy' ? t('files.copyTitle', { name: target.entry.name }) : t('files.moveTitle', { name: target?.entry.name ?? '' });
  return (
    <Modal opened={target !== null} onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label={t('files.targetPath')} description={t('files.targetHint')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-autofocus name="to" ff="monospace" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!clean || clean === target?.from} data-testid="move-submit">
              {target?.mode === 'copy' ? t('files.copy') : t('files.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
