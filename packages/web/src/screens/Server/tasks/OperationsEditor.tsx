import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import type { TaskOperation, TaskOperationType } from '@outpost/shared';
import { emptyOperation, operationFields, TASK_OPERATION_TYPES, type OperationField } from './operationFields';

interface OperationsEditorProps {
  operations: TaskOperation[];
  onChange: (operations: TaskOperation[]) => void;
  /** The types the user may add (an operation already there keeps its own type on offer). */
  allowed: readonly TaskOperationType[];
}

/** The task's operations in order: each a type and the fields that type takes. */
export function OperationsEditor({ operations, onChange, allowed }: OperationsEditorProps) {
  const { t } = useTranslation();
  const added = allowed.includes('console') ? 'console' : allowed[0];
  const replace = (index: number, operation: TaskOperation) => onChange(operations.map((old, at) => (at === index ? operation : old)));
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('tasks.operations')}
      </Text>
      {operations.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tasks.noOperations')}
        </Text>
      )}
      {operations.map((operation, index) => (
        <Paper key={index} withBorder p="xs" data-testid="task-operation">
          <Group align="flex-start" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <Select
                label={t('tasks.operationType')}
                data={TASK_OPERATION_TYPES.filter((type) => type === operation.type || allowed.includes(type)).map((type) => ({ value: type, label: t(`tasks.types.${type}`) }))}
                value={operation.type}
                allowDeselect={false}
                onChange={(type) => type && replace(index, emptyOperation(type as TaskOperationType))}
              />
              {operationFields[operation.type].map((field) => (
                <FieldInput key={field.name} field={field} value={(operation as Record<string, unknown>)[field.name]} onChange={(value) => replace(index, { ...operation, [field.name]: value } as TaskOperation)} />
              ))}
            </Stack>
            <ActionIcon variant="subtle" color="red" mt={24} aria-label={t('tasks.removeOperation')} onClick={() => onChange(operations.filter((_, at) => at !== index))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {added && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...operations, emptyOperation(added)])}>
            {t('tasks.addOperation')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function FieldInput({ field, value, onChange }: { field: OperationField; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const label = t(`tasks.fields.${field.name}`);
  switch (field.kind) {
    case 'switch':
      return <Switch label={label} checked={value === undefined ? true : Boolean(value)} onChange={(event) => onChange(event.currentTarget.checked)} />;
    case 'number':
      return <NumberInput label={label} required={field.required} value={typeof value === 'number' ? value : ''} min={0} onChange={(next) => onChange(typeof next === 'number' ? next : 0)} />;
    case 'lines':
      return (
        <Textarea
          label={label}
          description={t('tasks.onePerLine')}
          autosize
          minRows={2}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(event) => onChange(event.currentTarget.value.split('\n'))}
        />
      );
    default:
      return <TextInput label={label} required={field.required} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
