import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { NodeRequest } from '@outpost/shared';
import { checkNodeForm, type NodeField, type NodeFormInput } from './nodeForm';

interface NodeFormProps {
  initial: NodeFormInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (request: NodeRequest) => void;
  /** Shown left of the submit button (the node page's delete). */
  extra?: ReactNode;
}

/** Name, public and private address, SFTP port: the add-node screen and the node page share it. */
export function NodeForm({ initial, submitLabel, pending, onSubmit, extra }: NodeFormProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(initial);
  const [touched, setTouched] = useState(false);
  const check = checkNodeForm(input);
  const set = (change: Partial<NodeFormInput>) => setInput((old) => ({ ...old, ...change }));

  // Field errors wait for the first submit.
  const error = (field: NodeField) => {
    const problem = touched ? check.problems[field] : undefined;
    if (problem === 'required') return t('errors.ErrFieldRequired', { field: t(`nodes.fields.${field}`) });
    return problem === 'port' ? t('errors.ErrFieldNotBetween', { min: 1, max: 65535 }) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.request) onSubmit(check.request);
  };

  const port = (field: 'publicPort' | 'privatePort' | 'sftpPort', required: boolean, description?: string) => (
    <NumberInput
      label={t(`nodes.fields.${field}`)}
      description={description}
      required={required}
      min={1}
      max={65535}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      value={input[field]}
      onChange={(value) => set({ [field]: value })}
      error={error(field)}
      name={field}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TextInput label={t('nodes.fields.name')} required value={input.name} onChange={(e) => set({ name: e.currentTarget.value })} error={error('name')} name="name" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('nodes.fields.publicHost')}
              description={t('nodes.publicHint')}
              required
              value={input.publicHost}
              onChange={(e) => set({ publicHost: e.currentTarget.value })}
              error={error('publicHost')}
              name="publicHost"
            />
            {port('publicPort', true, t('nodes.publicPortHint'))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('nodes.privateHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('nodes.fields.privateHost')}
              placeholder={input.publicHost || undefined}
              value={input.privateHost}
              onChange={(e) => set({ privateHost: e.currentTarget.value })}
              error={error('privateHost')}
              name="privateHost"
            />
            {port('privatePort', false)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {port('sftpPort', true)}
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <div>{extra}</div>
            <Button type="submit" loading={pending} data-testid="node-save">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
