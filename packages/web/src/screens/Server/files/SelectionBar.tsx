import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconFileZip, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';

interface SelectionBarProps {
  count: number;
  onDelete: () => void;
  onDownload: () => void;
  onArchive: () => void;
  onClear: () => void;
}

/** What can be done with the ticked rows at once: delete, download (several as one zip), archive. */
export function SelectionBar({ count, onDelete, onDownload, onArchive, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper withBorder radius="sm" px="sm" py={6} mb="xs" data-testid="selection-bar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('files.selected', { count })}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" leftSection={<IconDownload size={14} />} onClick={onDownload} data-testid="selection-download">
            {t('files.download')}
          </Button>
          <Button size="compact-sm" variant="default" leftSection={<IconFileZip size={14} />} onClick={onArchive} data-testid="selection-archive">
            {t('files.archive')}
          </Button>
          <Button size="compact-sm" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} data-testid="selection-delete">
            {t('files.delete')}
          </Button>
          <Button size="compact-sm" variant="subtle" leftSection={<IconX size={14} />} onClick={onClear}>
            {t('files.clearSelection')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
