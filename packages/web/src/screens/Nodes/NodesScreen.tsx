import { Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { Link } from 'wouter';
import { Scopes } from '@outpost/shared';
import { useNodes } from '../../api/nodes';
import { LinkRow } from '../../components/LinkRow';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { NodeStatusBadge } from '../Node/NodeStatusBadge';
import { hostPort } from '../Node/hostPort';

/** /node: every node with its address, SFTP port, health and server count (spec panel.md section 2). */
export default function NodesScreen() {
  const { t } = useTranslation();
  // Live: the online column follows the panel's health checks.
  const nodes = useNodes({ live: true });
  const canEdit = useCan(Scopes.NodesEdit);
  const addButton = (
    <Button component={Link} to="/addnode" leftSection={<IconPlus size={16} />} data-testid="add-node">
      {t('nodes.add')}
    </Button>
  );

  return (
    <>
      <ScreenHeader title={t('screens.nodes')} actions={canEdit ? addButton : null} />
      <QueryState query={nodes} skeletonRows={3} isEmpty={(list) => list.length === 0} empty={{ title: t('nodes.emptyTitle'), action: canEdit ? addButton : undefined }}>
        {(list) => (
          <Paper withBorder radius="md">
            <Table highlightOnHover verticalSpacing="sm" data-testid="node-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('nodes.fields.name')}</Table.Th>
                  {/* On a phone the addresses stay on each node's page, so the list fits the screen. */}
                  <Table.Th visibleFrom="sm">{t('nodes.publicAddress')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('nodes.fields.sftpPort')}</Table.Th>
                  <Table.Th>{t('nodes.status')}</Table.Th>
                  <Table.Th ta="end">{t('nodes.servers')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((node) => (
                  <LinkRow key={node.id} to={`/node/${node.id}`} testId={`node-${node.id}`}>
                    <Table.Td fw={500}>
                      {node.name}
                      {node.isLocal && (
                        <Text span size="xs" c="dimmed" ml="xs">
                          {t('nodes.local')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text ff="monospace" size="sm">
                        {hostPort(node.publicHost, node.publicPort)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text ff="monospace" size="sm">
                        {node.sftpPort}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NodeStatusBadge node={node} />
                    </Table.Td>
                    <Table.Td ta="end" data-testid="node-servers">
                      {node.servers}
                    </Table.Td>
                  </LinkRow>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
    </>
  );
}
