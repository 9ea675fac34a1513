import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { Scopes, type NodeView, type TemplateSummary } from '@outpost/shared';
import { useCreateServer } from '../../api/servers';
import { useTemplate } from '../../api/templates';
import { notifyError } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { useCan } from '../../hooks/useCan';
import { checkAddServer, type AddServerInput, type FieldProblem } from './addServerForm';
import { TemplateVariables } from './TemplateVariables';
import { LimitsFields } from '../../components/limits/LimitsFields';

const blank: AddServerInput = { name: '', nodeId: null, templateId: null, envType: null, values: {}, install: true };

/** The add-server form over the nodes and templates the user may pick from; its rules are in addServerForm.ts. */
export function AddServerForm({ nodes, templates }: { nodes: NodeView[]; templates: TemplateSummary[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useCan(Scopes.ServersAdmin);
  const canSetLimits = useCan(Scopes.ServersEditAdmin);
  const create = useCreateServer();
  // With one node there is nothing to choose.
  const [input, setInput] = useState<AddServerInput>(() => ({ ...blank, nodeId: nodes.length === 1 ? String(nodes[0].id) : null }));
  const [touched, setTouched] = useState(false);
  const template = useTemplate(input.templateId);
  const check = checkAddServer(input, template.data, isAdmin, canSetLimits);
  const set = (change: Partial<AddServerInput>) => setInput((old) => ({ ...old, ...change }));

  // Field errors wait for the first submit.
  const fieldError = (field: keyof typeof check.problems, label: string) => {
    const problem: FieldProblem | undefined = touched ? check.problems[field] : undefined;
    if (problem === 'required') return t('errors.ErrFieldRequired', { field: label });
    return problem === 'invalid' ? t('addServer.nameInvalid') : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.request) return;
    create.mutate(check.request, { onSuccess: (created) => void navigate(`/server/${created.id}`), onError: notifyError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('addServer.name')}
              required
              value={input.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={fieldError('name', t('addServer.name'))}
              name="name"
            />
            {/* Required choices: picking the chosen one again keeps it (Mantine would clear it). */}
            <Select
              label={t('addServer.node')}
              required
              data={nodes.map((node) => ({ value: String(node.id), label: node.name }))}
              value={input.nodeId}
              onChange={(nodeId) => set({ nodeId })}
              error={fieldError('node', t('addServer.node'))}
              name="node"
              allowDeselect={false}
            />
            <Select
              label={t('addServer.template')}
              required
              searchable
              data={templates.map((tpl) => ({ value: tpl.id, label: tpl.display || tpl.name || tpl.id }))}
              value={input.templateId}
              // Another template has other environments, variables and limits: all start over.
              onChange={(templateId) => set({ templateId, envType: null, values: {}, limits: undefined })}
              error={fieldError('template', t('addServer.template'))}
              name="template"
              allowDeselect={false}
            />
            <Select
              label={t('addServer.environment')}
              required
              disabled={!template.data}
              data={check.environments.map((env) => ({ value: env.type, label: t(`addServer.env.${env.type}`) }))}
              value={check.environment?.type ?? null}
              onChange={(envType) => set({ envType })}
              error={fieldError('environment', t('addServer.environment'))}
              name="environment"
              allowDeselect={false}
            />
          </SimpleGrid>
        </Paper>
        {input.templateId && (
          <Paper withBorder radius="md" p="lg">
            <Title order={4} mb="md">
              {t('addServer.variables')}
            </Title>
            <QueryState query={template}>
              {() => (
                <TemplateVariables
                  variables={check.variables}
                  valueOf={check.valueOf}
                  onChange={(key, value) => setInput((old) => ({ ...old, values: { ...old.values, [key]: value } }))}
                  missing={touched ? check.missing : []}
                />
              )}
            </QueryState>
          </Paper>
        )}
        {canSetLimits && (
          <Paper withBorder radius="md" p="lg" data-testid="add-server-limits">
            <Title order={4}>{t('limits.title')}</Title>
            <Text c="dimmed" size="sm" mt={4} mb="md">
              {t('limits.description')}
            </Text>
            <LimitsFields value={check.limits} onChange={(limits) => set({ limits })} />
          </Paper>
        )}
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label={t('addServer.installNow')}
            description={t('addServer.installNowHint')}
            checked={input.install ?? true}
            onChange={(e) => set({ install: e.currentTarget.checked })}
            data-testid="install-now"
          />
          <Group>
            <Button variant="default" onClick={() => void navigate('/server')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('addServer.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
