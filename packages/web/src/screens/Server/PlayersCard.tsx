import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useServerQuery } from '../../api/serverQuery';
import { useFormat } from '../../hooks/useFormat';
import { useTranslation } from '../../translation/useTranslation';

/**
 * Players online as the game says (issue 32), refreshed every 30 s while the server runs: the
 * count, the names when the game gives them, its version and message of the day. Nothing at all
 * for a game the node cannot ask, so servers without a query keep their page as it was.
 */
export function PlayersCard({ serverId, running }: { serverId: string; running: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useServerQuery(serverId, running);
  if (!running || !data) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="players-card">
      <Stack gap="xs">
        <Group gap="xs">
          <IconUsers size={18} aria-hidden />
          <Title order={5}>{t('server.players.title')}</Title>
          <Text size="sm" c="dimmed" data-testid="players-count">
            {t('server.players.count', { online: format.number(data.online), max: format.number(data.max) })}
          </Text>
        </Group>
        {data.players && data.players.length > 0 ? (
          <Group gap={6} data-testid="players-names">
            {data.players.map((name) => (
              <Badge key={name} variant="light" tt="none">
                {name}
              </Badge>
            ))}
          </Group>
        ) : (
          data.online === 0 && (
            <Text size="sm" c="dimmed">
              {t('server.players.nobody')}
            </Text>
          )
        )}
        {(data.version || data.motd) && (
          <Group gap="xl" align="flex-start">
            {data.version && <Detail label={t('server.players.version')} value={data.version} testId="players-version" />}
            {data.motd && <Detail label={t('server.players.motd')} value={data.motd} testId="players-motd" />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Stack>
  );
}
