import { Table, Text } from '@mantine/core';
import type { LiveServer, ServerSummary } from '@outpost/shared';
import { serverAddress } from '../../api/servers';
import { LinkRow } from '../../components/LinkRow';
import { paintTimed } from '../../components/paintTimed';
import { useFormat } from '../../hooks/useFormat';
import { useTranslation } from '../../translation/useTranslation';
import { LiveStateBadge } from './LiveStateBadge';
import { UsageBar } from './UsageBar';

const MIB = 1_048_576;

/** One server of the list with its live state, players ("12/20", when its game answers), CPU and memory (blank without the stats permission); memory against its limit when it has one. */
export function ServerRow({ server, live, memoryScale }: { server: ServerSummary; live?: LiveServer; memoryScale: number }) {
  const format = useFormat();
  const { t } = useTranslation();
  const running = live?.state === 'online' || live?.state === 'installing';
  const hasStats = live?.cpu !== undefined && live.memory !== undefined;
  const memory = !hasStats ? '' : live.memoryLimit ? t('limits.ofMiB', { used: format.number(live.memory! / MIB), limit: format.number(live.memoryLimit) }) : format.bytes(live.memory!);
  return (
    <LinkRow to={`/server/${server.id}`} testId="server-row">
      <Table.Td>
        <LiveStateBadge state={live?.state} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text ff="monospace" size="sm" c="dimmed">
          {server.id}
        </Text>
      </Table.Td>
      <Table.Td fw={500} style={{ wordBreak: 'break-word' }} {...paintTimed('server-name')}>
        {server.name}
        {/* On a phone, CPU and memory in one short line under the name, where their columns do not fit. */}
        {hasStats && running && (
          <Text size="xs" ff="monospace" fw={400} hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="server-row-compact">
            {t('serverList.cpu')} {format.percent(live.cpu!)} · {t('serverList.memory')} {memory}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">{server.node.name}</Table.Td>
      <Table.Td visibleFrom="md">
        <Text ff="monospace" size="sm">
          {serverAddress(server)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm" data-testid="server-row-players">
        {running && live?.players && (
          <Text size="sm" ff="monospace" aria-label={t('server.players.count', { online: format.number(live.players.online), max: format.number(live.players.max) })}>
            {format.number(live.players.online)}/{format.number(live.players.max)}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">{hasStats && running && <UsageBar testId="server-row-cpu" label={format.percent(live.cpu!)} fraction={live.cpu! / 100} />}</Table.Td>
      <Table.Td visibleFrom="sm">
        {hasStats &&
          running &&
          (live.memoryLimit ? (
            <UsageBar testId="server-row-memory" label={memory} fraction={live.memory! / (live.memoryLimit * MIB)} />
          ) : (
            <UsageBar testId="server-row-memory" label={memory} fraction={memoryScale > 0 ? live.memory! / memoryScale : 0} />
          ))}
      </Table.Td>
    </LinkRow>
  );
}
