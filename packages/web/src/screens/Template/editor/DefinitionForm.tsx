import { Paper, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { TemplateEditorForm } from '@outpost/shared';
import { Markdown } from '../../Server/settings/Markdown';
import { EnvironmentsEditor, ServerEnvironmentEditor } from './EnvironmentsEditor';
import { KeyValueEditor } from './KeyValueEditor';
import { RunSection, ShutdownSection } from './RunSection';
import { StepsEditor } from './StepsEditor';
import { VariablesEditor } from './VariablesEditor';

export type EditorMode = 'template' | 'server';

/** The sections of spec 2.12, in its order, after the template's own fields. */
export const EDITOR_SECTIONS = ['general', 'variables', 'install', 'run', 'shutdown', 'pre', 'post', 'envVars', 'environments'] as const;

type Props = { form: TemplateEditorForm; mode: EditorMode; onChange: (form: TemplateEditorForm) => void };

/** The editor form of a definition, one tab per section. */
export function DefinitionForm({ form, mode, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="general" keepMounted={false} variant="outline">
      <Tabs.List>
        {EDITOR_SECTIONS.map((section) => (
          <Tabs.Tab key={section} value={section} data-testid={`section-${section}`}>
            {t(`templateEditor.sections.${section}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Paper withBorder p="lg" style={{ borderTop: 0, borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
        <Tabs.Panel value="general">
          <GeneralSection form={form} mode={mode} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="variables">
          <VariablesEditor vars={form.vars} mode={mode} onChange={(vars) => onChange({ ...form, vars })} />
        </Tabs.Panel>
        <Tabs.Panel value="install">
          <StepsEditor steps={form.install} onChange={(install) => onChange({ ...form, install })} testId="install-steps" />
        </Tabs.Panel>
        <Tabs.Panel value="run">
          <RunSection form={form} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="shutdown">
          <ShutdownSection form={form} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="pre">
          <SectionHint text={t('templateEditor.preHint')} />
          <StepsEditor steps={form.pre} onChange={(pre) => onChange({ ...form, pre })} testId="pre-steps" />
        </Tabs.Panel>
        <Tabs.Panel value="post">
          <SectionHint text={t('templateEditor.postHint')} />
          <StepsEditor steps={form.post} onChange={(post) => onChange({ ...form, post })} testId="post-steps" />
        </Tabs.Panel>
        <Tabs.Panel value="envVars">
          <SectionHint text={t('templateEditor.envVarsHint')} />
          <KeyValueEditor value={form.envVars} onChange={(envVars) => onChange({ ...form, envVars })} keyLabel={t('templateEditor.envName')} valueLabel={t('templateEditor.envValue')} names testId="env-vars" />
        </Tabs.Panel>
        <Tabs.Panel value="environments">
          {mode === 'template' ? (
            <EnvironmentsEditor form={form} onChange={onChange} />
          ) : (
            <ServerEnvironmentEditor
              env={form.defaultEnv}
              onChange={(env) => onChange({ ...form, defaultEnv: env })}
            />
          )}
        </Tabs.Panel>
      </Paper>
    </Tabs>
  );
}

function SectionHint({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" mb="sm">
      {text}
    </Text>
  );
}

/** Name, display name, type and (for a template) the readme, shown as it will be: sanitised markdown. */
function GeneralSection({ form, mode, onChange }: Props) {
  const { t } = useTranslation();
  const text = (key: 'name' | 'display' | 'type' | 'readme', value: string) => {
    const next = { ...form, [key]: value };
    if (value === '' && form[key] === undefined) delete next[key];
    onChange(next);
  };
  return (
    <Stack gap="md">
      <TextInput label={t('templateEditor.display')} value={form.display ?? ''} onChange={(event) => text('display', event.currentTarget.value)} data-testid="general-display" />
      <TextInput label={t('templateEditor.name')} value={form.name ?? ''} onChange={(event) => text('name', event.currentTarget.value)} data-testid="general-name" />
      <TextInput label={t('templateEditor.type')} description={t('templateEditor.typeHint')} value={form.type ?? ''} onChange={(event) => text('type', event.currentTarget.value)} data-testid="general-type" />
      {mode === 'template' && (
        <>
          <Textarea
            label={t('templateEditor.readme')}
            description={t('templateEditor.markdownHint')}
            autosize
            minRows={4}
            value={form.readme ?? ''}
            onChange={(event) => text('readme', event.currentTarget.value)}
            data-testid="general-readme"
          />
          {form.readme && (
            <Paper withBorder p="md" radius="sm" data-testid="readme-preview">
              <Markdown text={form.readme} />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
