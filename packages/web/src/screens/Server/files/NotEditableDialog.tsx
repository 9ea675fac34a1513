import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { FileEntry } from '@outpost/shared';
import { useFormat } from '../../../hooks/useFormat';
import { isArchive, MAX_EDIT_BYTES } from './fileKinds';

/** Why a file does not open in the editor (an archive, or past the size limit), with its download. */
export function NotEditableDialog({ entry, url, onClose }: { entry: FileEntry | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.name} data-testid="file-not-editable">
      {entry && (
        <>
          <Text size="sm">
            {isArchive(entry.name) ? t('files.archiveNotEditable') : t('files.tooLarge', { size: format.bytes(entry.size), limit: format.bytes(MAX_EDIT_BYTES) })}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('files.close')}
            </Button>
            <Button component="a" href={url} download={entry.name}>
              {t('files.download')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
