import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title, Tooltip, CopyButton, Badge } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServerSummary } from '@outpost/shared';
import { useSelf } from '../../../api/self';

/** Spec section 9: the "copied" chip stays 6000 ms. */
const COPIED_MS = 6000;

function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
      </div>
      <CopyButton value={value} timeout={COPIED_MS}>
        {({ copied, copy }) =>
          copied ? (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
              {t('common.copied')}
            </Badge>
          ) : (
            <Tooltip label={t('common.copy')}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('common.copy')} ${label}`}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )
        }
      </CopyButton>
    </Group>
  );
}

/** Where and how to log in by SFTP (spec sections 2.6 and 9). */
export function SftpCard({ server }: { server: ServerSummary }) {
  const { t } = useTranslation();
  const self = useSelf();
  // "{ip}" means the node is reached at the panel's own address.
  const host = !server.node.publicHost || server.node.publicHost === '{ip}' ? location.hostname : server.node.publicHost;
  const address = `${host}:${server.node.sftpPort}`;
  const username = self.data ? `${self.data.email}|${server.id}` : '';
  return (
    <Paper withBorder radius="md" p="md" data-testid="sftp-card">
      <Title order={5} mb="sm">
        {t('sftp.title')}
      </Title>
      <Stack gap="sm">
        <CopyRow label={t('sftp.address')} value={address} />
        {username && <CopyRow label={t('sftp.username')} value={username} />}
        <div>
          <Text size="xs" c="dimmed">
            {t('sftp.password')}
          </Text>
          <Text size="sm">{t('sftp.passwordNote')}</Text>
        </div>
        {username && (
          <Anchor href={`sftp://${encodeURIComponent(username)}@${address}`} size="sm">
            {t('sftp.connect')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
