import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { mapOf, rowProblems, rowsOf, type KeyValueRow } from './keyValueRows';

interface KeyValueEditorProps {
  value: Record<string, string> | undefined;
  onChange: (value: Record<string, string>) => void;
  keyLabel: string;
  valueLabel: string;
  /** Keys are variable names (no blanks or spaces) rather than any text. */
  names?: boolean;
  testId: string;
}

/** A map edited as rows, with add and remove; a blank or repeated key is shown as a problem and left out of the map. */
export function KeyValueEditor({ value, onChange, keyLabel, valueLabel, names = false, testId }: KeyValueEditorProps) {
  const { t } = useTranslation();
  // The rows are the truth while editing: a map cannot hold a blank or a repeated key.
  const [rows, setRows] = useState<KeyValueRow[]>(() => rowsOf(value));
  const problems = rowProblems(rows, { names });
  const update = (next: KeyValueRow[]) => {
    setRows(next);
    onChange(mapOf(next));
  };
  const edit = (index: number, row: KeyValueRow) => update(rows.map((old, at) => (at === index ? row : old)));

  return (
    <Stack gap="xs" data-testid={testId}>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('templateEditor.noEntries')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            aria-label={keyLabel}
            placeholder={keyLabel}
            style={{ flex: 1 }}
            value={row.key}
            error={problems[index] && t(`templateEditor.problems.${problems[index]}`)}
            onChange={(event) => edit(index, { ...row, key: event.currentTarget.value })}
          />
          <TextInput aria-label={valueLabel} placeholder={valueLabel} style={{ flex: 2 }} value={row.value} onChange={(event) => edit(index, { ...row, value: event.currentTarget.value })} />
          <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('templateEditor.remove', { name: row.key })} onClick={() => update(rows.filter((_, at) => at !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setRows([...rows, { key: '', value: '' }])} data-testid={`${testId}-add`}>
          {t('templateEditor.addEntry')}
        </Button>
      </Group>
    </Stack>
  );
}
