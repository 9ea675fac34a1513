import { useState } from 'react';
import { Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { ENVIRONMENT_TYPES, unusedEnvironmentTypes, withSupportedEnvs, type EnvironmentConfig, type EnvironmentType, type TemplateEditorForm } from '@outpost/shared';
import { DockerFields, dockerIsValid } from './DockerFields';
import { ItemList } from './ItemList';
import { applyOverlay, type Overlay } from './listEdit';
import { OverlayDialog } from './OverlayDialog';

const newEnvironment = (type: EnvironmentType): EnvironmentConfig => ({ type }) as EnvironmentConfig;

/**
 * Template mode: the supported environments (each type once; Add offers the unused types and
 * hides when none remain) and the default, which follows the list. Docker's fields are edited in
 * an overlay; standard and tty have none.
 */
export function EnvironmentsEditor({ form, onChange }: { form: TemplateEditorForm; onChange: (form: TemplateEditorForm) => void }) {
  const { t } = useTranslation();
  const [overlay, setOverlay] = useState<Overlay<EnvironmentConfig> | null>(null);
  const envs = form.supportedEnvs;
  const unused = unusedEnvironmentTypes(envs);
  const setEnvs = (next: EnvironmentConfig[]) => onChange(withSupportedEnvs(form, next));
  const add = (type: EnvironmentType) => (type === 'docker' ? setOverlay({ index: null, draft: newEnvironment(type) }) : setEnvs([...envs, newEnvironment(type)]));
  const draft = overlay?.draft;

  return (
    <Stack gap="md">
      <ItemList
        items={envs}
        onChange={setEnvs}
        testId="environments"
        empty={t('templateEditor.noEnvironments')}
        itemLabel={(env) => t(`addServer.env.${env.type}`)}
        onEdit={(index) => setOverlay({ index, draft: envs[index]! })}
        editable={(env) => env.type === 'docker'}
        render={(env) => (
          <Group gap="xs">
            <Badge variant="light">{t(`addServer.env.${env.type}`)}</Badge>
            {env.type === 'docker' && (
              <Text size="sm" ff="monospace" c="dimmed">
                {env.image || t('templateEditor.defaultImage')}
              </Text>
            )}
          </Group>
        )}
      />
      {unused.length > 0 && (
        <Menu>
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} w="fit-content" data-testid="environments-add">
              {t('templateEditor.addEnvironment')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {unused.map((type) => (
              <Menu.Item key={type} onClick={() => add(type)} data-testid={`environments-add-${type}`}>
                {t(`addServer.env.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Select
        label={t('templateEditor.defaultEnvironment')}
        description={t('templateEditor.defaultEnvironmentHint')}
        maw={320}
        clearable
        data={envs.map((env) => ({ value: env.type, label: t(`addServer.env.${env.type}`) }))}
        value={form.defaultEnv?.type ?? null}
        onChange={(type) => {
          const next = { ...form };
          const match = envs.find((env) => env.type === type);
          if (match) next.defaultEnv = match;
          else delete next.defaultEnv;
          onChange(next);
        }}
        data-testid="default-environment"
      />
      <OverlayDialog
        title={t('templateEditor.editEnvironment')}
        opened={draft !== undefined}
        canSave={draft?.type !== 'docker' || dockerIsValid(draft)}
        onCancel={() => setOverlay(null)}
        onSave={() => {
          if (overlay) setEnvs(applyOverlay(envs, overlay));
          setOverlay(null);
        }}
        testId="environment-dialog"
      >
        {draft?.type === 'docker' && <DockerFields env={draft} onChange={(env) => setOverlay(overlay && { ...overlay, draft: env })} />}
      </OverlayDialog>
    </Stack>
  );
}

/** Server mode: the one environment the server runs in, its type and (for docker) its fields. */
export function ServerEnvironmentEditor({ env, onChange }: { env: EnvironmentConfig | undefined; onChange: (env: EnvironmentConfig) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Select
        label={t('addServer.environment')}
        maw={320}
        allowDeselect={false}
        data={ENVIRONMENT_TYPES.map((type) => ({ value: type, label: t(`addServer.env.${type}`) }))}
        value={env?.type ?? null}
        onChange={(type) => type && type !== env?.type && onChange(newEnvironment(type as EnvironmentType))}
        data-testid="server-environment"
      />
      {env?.type === 'docker' && <DockerFields env={env} onChange={onChange} />}
    </Stack>
  );
}
