import { useState } from 'react';
import { Button, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Scopes } from '@outpost/shared';
import { SERVER_PAGE_SIZE, serverAddress, useServers } from '../../api/servers';
import { LinkRow } from '../../components/LinkRow';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';

/** The servers the user may access, ten to a page (spec panel.md sections 2 and 7). */
export default function ServersScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const servers = useServers(page);
  const canCreate = useCan(Scopes.ServersCreate);
  const addButton = canCreate ? (
    <Button component={Link} to="/addserver" leftSection={<IconPlus size={16} />}>
      {t('servers.add')}
    </Button>
  ) : null;

  return (
    <>
      <ScreenHeader title={t('screens.servers')} actions={addButton} />
      <QueryState
        query={servers}
        skeletonRows={5}
        isEmpty={(data) => data.servers.length === 0}
        empty={{
          title: t('servers.emptyTitle'),
          description: canCreate ? t('servers.emptyCreate') : t('servers.emptyAsk'),
          action: addButton,
        }}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.paging.total / (data.paging.limit || SERVER_PAGE_SIZE)));
          return (
            <>
              <Paper withBorder radius="md">
                <Table highlightOnHover verticalSpacing="sm" data-testid="server-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('servers.id')}</Table.Th>
                      <Table.Th>{t('servers.name')}</Table.Th>
                      <Table.Th>{t('servers.node')}</Table.Th>
                      <Table.Th>{t('servers.address')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.servers.map((server) => (
                      <LinkRow key={server.id} to={`/server/${server.id}`}>
                        <Table.Td>
                          <Text ff="monospace" size="sm" c="dimmed">
                            {server.id}
                          </Text>
                        </Table.Td>
                        <Table.Td fw={500}>{server.name}</Table.Td>
                        <Table.Td>{server.node.name}</Table.Td>
                        <Table.Td>
                          <Text ff="monospace" size="sm">
                            {serverAddress(server)}
                          </Text>
                        </Table.Td>
                      </LinkRow>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              {pages > 1 && (
                <Group justify="center" mt="md">
                  <Pagination total={pages} value={page} onChange={setPage} />
                </Group>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
