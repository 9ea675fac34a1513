import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { moveItem, removeItem } from './listEdit';

interface ItemListProps<T> {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The row's content: what the item is. */
  render: (item: T, index: number) => ReactNode;
  /** The name read out for the row's buttons ("Move step 2 up"). */
  itemLabel: (item: T, index: number) => string;
  onEdit?: (index: number) => void;
  /** Whether a row has anything to edit (default: every row does). */
  editable?: (item: T) => boolean;
  onAdd?: () => void;
  addLabel?: string;
  empty: string;
  testId: string;
}

/** A list whose rows move up and down with buttons (so the keyboard can reorder it too), with edit, remove and add. */
export function ItemList<T>({ items, onChange, render, itemLabel, onEdit, editable = () => true, onAdd, addLabel, empty, testId }: ItemListProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={testId}>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items.map((item, index) => {
        const name = itemLabel(item, index);
        return (
          <Paper key={index} withBorder p="xs" radius="sm" data-testid={`${testId}-item`}>
            <Group wrap="nowrap" gap="xs">
              <div style={{ flex: 1, minWidth: 0 }}>{render(item, index)}</div>
              <ActionIcon variant="subtle" aria-label={t('templateEditor.moveUp', { name })} disabled={index === 0} onClick={() => onChange(moveItem(items, index, -1))}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('templateEditor.moveDown', { name })} disabled={index === items.length - 1} onClick={() => onChange(moveItem(items, index, 1))}>
                <IconArrowDown size={16} />
              </ActionIcon>
              {onEdit && editable(item) && (
                <ActionIcon variant="subtle" aria-label={t('templateEditor.edit', { name })} onClick={() => onEdit(index)}>
                  <IconPencil size={16} />
                </ActionIcon>
              )}
              <ActionIcon variant="subtle" color="red" aria-label={t('templateEditor.remove', { name })} onClick={() => onChange(removeItem(items, index))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {onAdd && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
