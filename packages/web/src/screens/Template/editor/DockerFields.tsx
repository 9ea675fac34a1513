import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DOCKER_IMAGE, DEFAULT_NETWORK_MODE, DEFAULT_PORT_HOST, DEFAULT_PORT_PROTOCOL, NETWORK_MODES, parsePortBinding, type DockerEnvironmentConfig } from '@outpost/shared';
import { KeyValueEditor } from './KeyValueEditor';

/** True when every port binding reads as host:outsidePort:insidePort/protocol. */
export const dockerIsValid = (env: DockerEnvironmentConfig) => (env.portBindings ?? []).every((text) => parsePortBinding(text) !== undefined);

/** The docker environment's fields (spec "Environments"): image, network, bindings, port bindings. */
export function DockerFields({ env, onChange }: { env: DockerEnvironmentConfig; onChange: (env: DockerEnvironmentConfig) => void }) {
  const { t } = useTranslation();
  const ports = env.portBindings ?? [];
  const setPorts = (portBindings: string[]) => onChange({ ...env, portBindings });
  return (
    <Stack gap="sm" data-testid="docker-fields">
      <TextInput label={t('templateEditor.dockerImage')} placeholder={DEFAULT_DOCKER_IMAGE} value={env.image ?? ''} onChange={(event) => onChange({ ...env, image: event.currentTarget.value })} data-testid="docker-image" />
      <Group grow align="flex-start">
        <Select
          label={t('templateEditor.networkMode')}
          data={[...NETWORK_MODES]}
          value={env.networkMode ?? DEFAULT_NETWORK_MODE}
          allowDeselect={false}
          onChange={(mode) => mode && onChange({ ...env, networkMode: mode as DockerEnvironmentConfig['networkMode'] })}
          data-testid="docker-network-mode"
        />
        <TextInput label={t('templateEditor.networkName')} value={env.networkName ?? ''} onChange={(event) => onChange({ ...env, networkName: event.currentTarget.value })} data-testid="docker-network-name" />
      </Group>
      <Text size="sm" fw={500}>
        {t('templateEditor.bindings')}
      </Text>
      <KeyValueEditor value={env.bindings} onChange={(bindings) => onChange({ ...env, bindings })} keyLabel={t('templateEditor.bindingHost')} valueLabel={t('templateEditor.bindingContainer')} testId="docker-bindings" />
      <div>
        <Text size="sm" fw={500}>
          {t('templateEditor.portBindings')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('templateEditor.portBindingsHint')}
        </Text>
      </div>
      {ports.map((text, index) => (
        <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            aria-label={t('templateEditor.portBinding')}
            style={{ flex: 1 }}
            ff="monospace"
            value={text}
            error={parsePortBinding(text) ? undefined : t('templateEditor.problems.portBinding')}
            onChange={(event) => setPorts(ports.map((old, at) => (at === index ? event.currentTarget.value : old)))}
            data-testid="docker-port"
          />
          <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('templateEditor.remove', { name: text })} onClick={() => setPorts(ports.filter((_, at) => at !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setPorts([...ports, `${DEFAULT_PORT_HOST}:25565:25565/${DEFAULT_PORT_PROTOCOL}`])} data-testid="docker-port-add">
          {t('templateEditor.addPortBinding')}
        </Button>
      </Group>
    </Stack>
  );
}
