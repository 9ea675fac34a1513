import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { Variable, VariableValue } from '@outpost/shared';
import { useSaveServerData, useServerData } from '../../../api/serverData';
import { Can } from '../../../components/Can';
import { notifyError, notifySuccess } from '../../../components/notify';
import { WebhooksCard } from '../../../components/webhooks/WebhooksCard';
import { QueryState } from '../../../components/QueryState';
import { useCan } from '../../../hooks/useCan';
import { useUnsavedEdits } from '../../../hooks/useUnsavedEdits';
import type { ServerViewProps } from '../serverViews';
import { VariableField } from './VariableField';

/** The server's editable variables with one Save (spec section 2.8); leaving with unsaved edits asks first. */
export default function SettingsTab({ server }: ServerViewProps) {
  const { t } = useTranslation();
  const isAdmin = useCan('adminVariables');
  const data = useServerData(server.id);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={4} mb="md">
          {t('serverSettings.title')}
        </Title>
        <QueryState query={data}>
          {(answer) => {
            // Non-admins only see what the template lets users change.
            const editable = Object.fromEntries(Object.entries(answer.data ?? {}).filter(([, v]) => isAdmin || v.userEdit !== false));
            if (Object.keys(editable).length === 0) return <Text c="dimmed">{t('serverSettings.none')}</Text>;
            return <VariablesForm serverId={server.id} variables={editable} />;
          }}
        </QueryState>
      </Paper>
      {/* The server's webhooks (issue 31) go with its other settings: editServerData. */}
      <Can action="webhooksEdit">
        <WebhooksCard owner={{ server: server.id }} />
      </Can>
    </Stack>
  );
}

function VariablesForm({ serverId, variables }: { serverId: string; variables: Record<string, Variable> }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<Record<string, VariableValue | undefined>>(() => Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.value])));
  const [values, setValues] = useState(saved);
  useUnsavedEdits(Object.keys(values).some((name) => values[name] !== saved[name]));
  const [touched, setTouched] = useState(false);
  const missing = Object.entries(variables)
    .filter(([name, v]) => (v.required ?? true) && v.type !== 'boolean' && (values[name] === undefined || values[name] === ''))
    .map(([name]) => name);
  const save = useSaveServerData(serverId);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {Object.entries(variables).map(([name, variable]) => (
          <VariableField
            key={name}
            name={name}
            variable={variable}
            value={values[name]}
            onChange={(value) => setValues((old) => ({ ...old, [name]: value }))}
            error={touched && missing.includes(name) ? t('errors.ErrFieldRequired', { field: variable.display || name }) : undefined}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() => {
            setTouched(true);
            if (missing.length === 0) {
              save.mutate(values, {
                onSuccess: () => {
                  setSaved(values);
                  notifySuccess(t('toast.saved'));
                },
                onError: notifyError,
              });
            }
          }}
          data-testid="settings-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
