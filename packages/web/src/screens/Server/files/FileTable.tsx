import { useState, type DragEvent } from 'react';
import { ActionIcon, Checkbox, Group, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowUp, IconCopy, IconCursorText, IconDots, IconDownload, IconEdit, IconFile, IconFileZip, IconFolder, IconPhoto, IconTrash, IconPackageExport } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import type { FileEntry } from '@outpost/shared';
import { entryActions } from './entryActions';
import { EntryDetailCells } from './EntryDetailCells';
import { draggedNames, EntryDragType, isEntryDrag } from './entryDrag';
import { isArchive, isImage } from './fileKinds';

export interface FileActions {
  open: (entry: FileEntry) => void;
  up: (() => void) | null;
  edit: (entry: FileEntry) => void;
  preview: (entry: FileEntry) => void;
  downloadUrl: (entry: FileEntry) => string;
  remove: (entry: FileEntry) => void;
  extract: (entry: FileEntry) => void;
  /** Opens the dialog to rename or move (`move`) or copy the entry. */
  move: (entry: FileEntry, mode: 'move' | 'copy') => void;
  /** Rows dropped onto a folder row (by the folder's name). */
  dropOnto: (event: DragEvent, folder: string) => void;
}

/** Folders first, then files, each by name. */
export function sortEntries(files: FileEntry[]): FileEntry[] {
  return [...files].sort((a, b) => Number(a.isFile) - Number(b.isFile) || a.name.localeCompare(b.name));
}

interface FileTableProps {
  files: FileEntry[];
  selected: string[];
  onSelect: (names: string[]) => void;
  actions: FileActions;
  canWrite: boolean;
}

/**
 * The listing: name, size, modified, and each entry's actions (spec section 2.5). Writers tick
 * rows to act on several, and drag rows (the ticked ones, when the dragged row is ticked) onto a
 * folder row to move them there.
 */
export function FileTable({ files, selected, onSelect, actions, canWrite }: FileTableProps) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const toggle = (name: string) => onSelect(selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name]);
  const all = files.length > 0 && files.every((entry) => selected.includes(entry.name));
  return (
    <Table highlightOnHover verticalSpacing={6} data-testid="file-list">
      <Table.Thead>
        <Table.Tr>
          {canWrite && (
            <Table.Th w={36}>
              <Checkbox
                size="xs"
                checked={all}
                indeterminate={!all && selected.length > 0}
                disabled={files.length === 0}
                onChange={() => onSelect(all ? [] : files.map((entry) => entry.name))}
                aria-label={t('files.selectAll')}
                data-testid="select-all"
              />
            </Table.Th>
          )}
          <Table.Th>{t('files.name')}</Table.Th>
          <Table.Th w={110}>{t('files.size')}</Table.Th>
          <Table.Th w={200}>{t('files.modified')}</Table.Th>
          <Table.Th w={48} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {actions.up && (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={actions.up} data-testid="file-up">
            {canWrite && <Table.Td />}
            <Table.Td colSpan={4}>
              <Group gap="xs">
                <IconArrowUp size={16} />
                <Text size="sm">..</Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        {sortEntries(files).map((entry) => {
          const Icon = !entry.isFile ? IconFolder : isArchive(entry.name) ? IconFileZip : isImage(entry.name) ? IconPhoto : IconFile;
          const offers = entryActions(entry, canWrite);
          return (
            <Table.Tr
              key={entry.name}
              data-entry={entry.name}
              draggable={canWrite}
              onDragStart={(event) => {
                event.dataTransfer.setData(EntryDragType, JSON.stringify(draggedNames(entry.name, selected)));
                event.dataTransfer.effectAllowed = 'move';
              }}
              {...(canWrite &&
                !entry.isFile && {
                  onDragOver: (event: DragEvent) => {
                    if (!isEntryDrag(event.dataTransfer)) return;
                    event.preventDefault();
                    setDropTarget(entry.name);
                  },
                  onDragLeave: () => setDropTarget(null),
                  onDrop: (event: DragEvent) => {
                    setDropTarget(null);
                    actions.dropOnto(event, entry.name);
                  },
                })}
              style={dropTarget === entry.name ? { outline: '2px dashed var(--mantine-color-blue-6)', outlineOffset: -2 } : undefined}
            >
              {canWrite && (
                <Table.Td>
                  <Checkbox size="xs" checked={selected.includes(entry.name)} onChange={() => toggle(entry.name)} aria-label={entry.name} />
                </Table.Td>
              )}
              <Table.Td>
                <UnstyledButton onClick={() => actions.open(entry)}>
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={16} color={entry.isFile ? undefined : 'var(--mantine-color-yellow-6)'} />
                    <Text size="sm">{entry.name}</Text>
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <EntryDetailCells entry={entry} />
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('files.actions')}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {offers.edit && (
                      <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => actions.edit(entry)}>
                        {t('files.edit')}
                      </Menu.Item>
                    )}
                    {offers.preview && (
                      <Menu.Item leftSection={<IconPhoto size={14} />} onClick={() => actions.preview(entry)}>
                        {t('files.preview')}
                      </Menu.Item>
                    )}
                    {offers.download && (
                      <Menu.Item leftSection={<IconDownload size={14} />} component="a" href={actions.downloadUrl(entry)} download={entry.name}>
                        {t('files.download')}
                      </Menu.Item>
                    )}
                    {offers.extract && (
                      <Menu.Item leftSection={<IconPackageExport size={14} />} onClick={() => actions.extract(entry)}>
                        {t('files.extract')}
                      </Menu.Item>
                    )}
                    {canWrite && (
                      <Menu.Item leftSection={<IconCursorText size={14} />} onClick={() => actions.move(entry, 'move')}>
                        {t('files.rename')}
                      </Menu.Item>
                    )}
                    {canWrite && (
                      <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.move(entry, 'copy')}>
                        {t('files.copy')}
                      </Menu.Item>
                    )}
                    {offers.remove && (
                      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.remove(entry)}>
                        {t('files.delete')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
