import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { DEFAULT_DOCKER_IMAGE, DEFAULT_NETWORK_MODE, DEFAULT_PORT_HOST, isIpAddress, NETWORK_MODES, parsePortBinding, PORT_PROTOCOLS, type DockerEnvironmentConfig } from '@outpost/shared';
import { newPortBinding, portFieldsOf, portBindingText, type PortFields } from './portBindingFields';
import { KeyValueEditor } from './KeyValueEditor';

/** The engine binds to addresses: a port binding's host is {ip} or an IP, as the panel checks too (ErrFieldIsInvalidIP). */
const isBindableHost = (host: string) => host === DEFAULT_PORT_HOST || isIpAddress(host);

/** True when every port binding reads as host:outsidePort:insidePort/protocol, with a bindable host. */
export const dockerIsValid = (env: DockerEnvironmentConfig) =>
  (env.portBindings ?? []).every((text) => {
    const binding = parsePortBinding(text);
    return binding !== undefined && isBindableHost(binding.host);
  });

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
        <PortBindingRow
          key={index}
          text={text}
          onChange={(next) => setPorts(ports.map((old, at) => (at === index ? next : old)))}
          onRemove={() => setPorts(ports.filter((_, at) => at !== index))}
        />
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setPorts([...ports, newPortBinding])} data-testid="docker-port-add">
          {t('templateEditor.addPortBinding')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One port binding: host, outside and inside port and protocol, written back as the one stored
 * text. A stored text that does not read as a binding is shown as text, with the problem, to fix.
 */
function PortBindingRow({ text, onChange, onRemove }: { text: string; onChange: (text: string) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  // The fields are the truth while editing: an emptied port cannot be written as a binding.
  const [fields, setFields] = useState<PortFields | null>(() => portFieldsOf(text));
  const set = (next: PortFields) => {
    setFields(next);
    onChange(portBindingText(next));
  };
  const remove = (
    <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('templateEditor.remove', { name: text })} onClick={onRemove}>
      <IconTrash size={16} />
    </ActionIcon>
  );
  if (!fields) {
    return (
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <TextInput
          aria-label={t('templateEditor.portBinding')}
          style={{ flex: 1 }}
          ff="monospace"
          value={text}
          error={parsePortBinding(text) ? undefined : t('templateEditor.problems.portBinding')}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-testid="docker-port"
        />
        {remove}
      </Group>
    );
  }
  const portError = (port: number | '') => (port === '' || port < 1 || port > 65535 ? t('templateEditor.problems.port') : undefined);
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs" data-testid="docker-port">
      <TextInput aria-label={t('templateEditor.portHost')} placeholder={t('templateEditor.portHost')} style={{ flex: 2 }} value={fields.host} error={fields.host.trim() === '' ? t('templateEditor.problems.required') : isBindableHost(fields.host.trim()) ? undefined : t('errors.ErrFieldIsInvalidIP')} onChange={(event) => set({ ...fields, host: event.currentTarget.value })} />
      {(['outsidePort', 'insidePort'] as const).map((key) => (
        <NumberInput
          key={key}
          aria-label={t(`templateEditor.${key}`)}
          placeholder={t(`templateEditor.${key}`)}
          style={{ flex: 1 }}
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={fields[key]}
          error={portError(fields[key])}
          onChange={(value) => set({ ...fields, [key]: typeof value === 'number' ? value : '' })}
        />
      ))}
      <Select aria-label={t('templateEditor.protocol')} w={90} data={[...PORT_PROTOCOLS]} value={fields.protocol} allowDeselect={false} onChange={(protocol) => protocol && set({ ...fields, protocol: protocol as PortFields['protocol'] })} />
      {remove}
    </Group>
  );
}
