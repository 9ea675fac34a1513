import { useState } from 'react';
import { Anchor, Button, Group, Pagination, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Trans } from '../../translation/Trans';
import { useTranslation } from '../../translation/useTranslation';
import { Link } from 'wouter';
import { Scopes, type LiveServerState } from '@outpost/shared';
import { SERVER_PAGE_SIZE, useServers } from '../../api/servers';
import { useNodes } from '../../api/nodes';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { useServerListFeed } from '../../live/useServerListFeed';
import { ServerRow } from './ServerRow';

const STATES: LiveServerState[] = ['online', 'offline', 'installing', 'nodeOffline'];

/**
 * The servers the user may access, a page at a time (spec panel.md sections 2 and 7), each row
 * with its live state, CPU and memory over one connection for the whole list. Search, node and
 * state narrow the list on the panel, so paging counts only what matches.
 */
export default function ServersScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [node, setNode] = useState<string | null>(null);
  const [state, setState] = useState<LiveServerState | null>(null);
  const filtered = Boolean(debouncedSearch.trim() || node || state);
  const servers = useServers(page, { search: debouncedSearch, node: node ? Number(node) : undefined, state: state ?? undefined });
  const live = useServerListFeed(servers.data?.servers.map((server) => server.id) ?? []);
  const canCreate = useCan(Scopes.ServersCreate);
  const canSeeNodes = useCan(Scopes.NodesView);
  const canSeeTemplates = useCan(Scopes.TemplatesView);
  const nodes = useNodes({ enabled: canSeeNodes });
  const addButton = canCreate ? (
    <Button component={Link} to="/addserver" leftSection={<IconPlus size={16} />}>
      {t('servers.add')}
    </Button>
  ) : null;
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <>
      <ScreenHeader title={t('screens.servers')} actions={addButton} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('serverList.search')}
          aria-label={t('serverList.search')}
          value={search}
          onChange={(event) => resetPage(setSearch)(event.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
          data-testid="server-search"
        />
        {canSeeNodes && (
          <Select
            aria-label={t('serverList.node')}
            placeholder={t('serverList.allNodes')}
            clearable
            data={(nodes.data ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
            value={node}
            onChange={resetPage(setNode)}
            style={{ flex: '1 1 140px', maxWidth: 220 }}
            data-testid="server-node-filter"
          />
        )}
        <Select
          aria-label={t('serverList.state.label')}
          placeholder={t('serverList.allStates')}
          clearable
          data={STATES.map((value) => ({ value, label: t(`serverList.state.${value}`) }))}
          value={state}
          onChange={(value) => resetPage(setState)(value as LiveServerState | null)}
          style={{ flex: '1 1 140px', maxWidth: 220 }}
          data-testid="server-state-filter"
        />
      </Group>
      <QueryState
        query={servers}
        skeletonRows={SERVER_PAGE_SIZE}
        isEmpty={(data) => data.servers.length === 0}
        empty={
          filtered
            ? { title: t('serverList.noMatch') }
            : {
                title: t('servers.emptyTitle'),
                description: canCreate ? t('servers.emptyCreate') : t('servers.emptyAsk'),
                action: canCreate ? (
                  <>
                    {addButton}
                    <Text size="sm" c="dimmed" ta="center" maw={420} data-testid="templates-hint">
                      {canSeeTemplates ? (
                        <Trans i18nKey="serverList.templatesHint" components={{ templates: <Anchor component={Link} to="/template" /> }} />
                      ) : (
                        t('serverList.templatesHintPlain')
                      )}
                    </Text>
                  </>
                ) : null,
              }
        }
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.paging.total / (data.paging.limit || SERVER_PAGE_SIZE)));
          const memoryScale = Math.max(0, ...data.servers.map((server) => live.get(server.id)?.memory ?? 0));
          return (
            <>
              <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
                <Table highlightOnHover verticalSpacing="sm" data-testid="server-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('serverList.state.label')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('servers.id')}</Table.Th>
                      <Table.Th>{t('servers.name')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('servers.node')}</Table.Th>
                      <Table.Th visibleFrom="md">{t('servers.address')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('serverList.players')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('serverList.cpu')}</Table.Th>
                      <Table.Th visibleFrom="sm">{t('serverList.memory')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.servers.map((server) => (
                      <ServerRow key={server.id} server={server} live={live.get(server.id)} memoryScale={memoryScale} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              <Group justify="space-between" mt="md" wrap="wrap">
                <Text size="sm" c="dimmed" data-testid="server-count">
                  {t('serverList.count', { count: data.paging.total })}
                </Text>
                {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={1} boundaries={1} />}
              </Group>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
