import { Table, Text } from '@mantine/core';
import type { FileEntry } from '@outpost/shared';
import { useFormat } from '../../../hooks/useFormat';

/** A listing row's size (files only) and modification time cells, as the file manager and a backup's browser show them. */
export function EntryDetailCells({ entry }: { entry: FileEntry }) {
  const format = useFormat();
  return (
    <>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {entry.isFile ? format.bytes(entry.size) : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {entry.modifyTime ? format.dateTime(entry.modifyTime * 1000) : ''}
        </Text>
      </Table.Td>
    </>
  );
}
