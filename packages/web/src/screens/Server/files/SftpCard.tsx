import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerSummary } from '@outpost/shared';
import { useSelf } from '../../../api/self';
import { CopyRow } from '../../../components/CopyRow';

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
