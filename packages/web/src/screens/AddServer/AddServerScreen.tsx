import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isValidServerName, Scopes, type EnvironmentConfig, type VariableValue } from '@outpost/shared';
import { useNodes } from '../../api/nodes';
import { useCreateServer } from '../../api/servers';
import { useTemplate, useTemplates } from '../../api/templates';
import { notifyError } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { TemplateVariables } from './TemplateVariables';

/** Name, node, template, environment and variables, then POST /api/servers (spec panel.md section 2). */
export default function AddServerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useCan(Scopes.Admin);
  const nodes = useNodes();
  const templates = useTemplates();
  const create = useCreateServer();

  const [name, setName] = useState('');
  const [nodeId, setNodeId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [envType, setEnvType] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, VariableValue | undefined>>({});
  const [touched, setTouched] = useState(false);
  const template = useTemplate(templateId);

  const environments: EnvironmentConfig[] = template.data
    ? template.data.supportedEnvironments?.length
      ? template.data.supportedEnvironments
      : template.data.environment
        ? [template.data.environment]
        : []
    : [];
  // Non-admins see and set only the variables a template lets users edit.
  const variables = Object.fromEntries(Object.entries(template.data?.data ?? {}).filter(([, v]) => isAdmin || v.userEdit !== false));
  // The template's default environment is preselected when it is one of the supported ones.
  const chosenEnv = envType ?? environments.find((env) => env.type === template.data?.environment?.type)?.type ?? environments[0]?.type ?? null;
  const valueOf = (key: string) => (key in values ? values[key] : variables[key]?.value);

  const missing = Object.entries(variables)
    .filter(([, v]) => (v.required ?? true) && v.type !== 'boolean')
    .filter(([key]) => valueOf(key) === undefined || valueOf(key) === '')
    .map(([key]) => key);
  const errors = {
    name: !name.trim() ? t('errors.ErrFieldRequired', { field: t('addServer.name') }) : !isValidServerName(name) ? t('addServer.nameInvalid') : undefined,
    node: !nodeId ? t('errors.ErrFieldRequired', { field: t('addServer.node') }) : undefined,
    template: !templateId ? t('errors.ErrFieldRequired', { field: t('addServer.template') }) : undefined,
    environment: templateId && !chosenEnv ? t('errors.ErrFieldRequired', { field: t('addServer.environment') }) : undefined,
  };

  const pickTemplate = (id: string | null) => {
    setTemplateId(id);
    setEnvType(null);
    setValues({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.node || errors.template || errors.environment || missing.length > 0 || !template.data) return;
    const environment = environments.find((env) => env.type === chosenEnv)!;
    const sent: Record<string, VariableValue> = {};
    for (const key of Object.keys(variables)) {
      const value = valueOf(key);
      if (value !== undefined && value !== '') sent[key] = value;
    }
    create.mutate(
      { name: name.trim(), node: Number(nodeId), template: templateId!, environment, variables: sent },
      { onSuccess: (created) => void navigate(`/server/${created.id}`), onError: notifyError },
    );
  };

  return (
    <>
      <ScreenHeader title={t('screens.addServer')} description={t('addServer.description')} />
      <QueryState query={nodes} skeletonRows={4} isEmpty={(list) => list.length === 0} empty={{ title: t('errors.ErrNoNodes'), description: t('addServer.noNodes') }}>
        {(nodeList) => (
          <QueryState query={templates} isEmpty={(list) => list.length === 0} empty={{ title: t('errors.ErrNoTemplates'), description: t('addServer.noTemplates') }}>
            {(templateList) => (
              <form onSubmit={submit} noValidate>
                <Stack gap="lg">
                  <Paper withBorder radius="md" p="lg">
                    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                      <TextInput
                        label={t('addServer.name')}
                        required
                        value={name}
                        onChange={(e) => setName(e.currentTarget.value)}
                        error={touched && errors.name}
                        name="name"
                      />
                      <Select
                        label={t('addServer.node')}
                        required
                        data={nodeList.map((node) => ({ value: String(node.id), label: node.name }))}
                        value={nodeId}
                        onChange={setNodeId}
                        error={touched && errors.node}
                        name="node"
                      />
                      <Select
                        label={t('addServer.template')}
                        required
                        searchable
                        data={templateList.map((tpl) => ({ value: tpl.id, label: tpl.display || tpl.name || tpl.id }))}
                        value={templateId}
                        onChange={pickTemplate}
                        error={touched && errors.template}
                        name="template"
                      />
                      <Select
                        label={t('addServer.environment')}
                        required
                        disabled={!template.data}
                        data={environments.map((env) => ({ value: env.type, label: t(`addServer.env.${env.type}`) }))}
                        value={chosenEnv}
                        onChange={setEnvType}
                        error={touched && errors.environment}
                        name="environment"
                      />
                    </SimpleGrid>
                  </Paper>
                  {templateId && (
                    <Paper withBorder radius="md" p="lg">
                      <Title order={4} mb="md">
                        {t('addServer.variables')}
                      </Title>
                      <QueryState query={template}>
                        {() => (
                          <TemplateVariables
                            variables={variables}
                            valueOf={valueOf}
                            onChange={(key, value) => setValues((old) => ({ ...old, [key]: value }))}
                            missing={touched ? missing : []}
                          />
                        )}
                      </QueryState>
                    </Paper>
                  )}
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => void navigate('/server')}>
                      {t('common.cancel')}
                    </Button>
                    <Button type="submit" loading={create.isPending}>
                      {t('addServer.submit')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
