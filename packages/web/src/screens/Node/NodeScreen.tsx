import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { useParams } from '../../router/useParams';
import { Scopes, type NodeView } from '@outpost/shared';
import { useDeleteNode, useNode, useUpdateNode } from '../../api/nodes';
import { errorMessage } from '../../api/errorMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { BackupStorageCard, BackupStorageWarning } from './BackupStorageCard';
import { DeploymentPanel } from './DeploymentPanel';
import { hostPort } from './hostPort';
import { NodeForm } from './NodeForm';
import { nodeFormOf } from './nodeForm';
import { NodeStatusBadge } from './NodeStatusBadge';
import { NodeLimitsCard } from './NodeLimitsCard';
import { NodeHistoryCard } from './NodeHistoryCard';

/** The node's fields as text: the local node, and anyone who may not edit. */
function NodeFacts({ node }: { node: NodeView }) {
  const { t } = useTranslation();
  const fact = (label: string, value: string | number, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text ff="monospace" size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="lg" data-testid="node-facts">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {fact(t('nodes.publicAddress'), hostPort(node.publicHost, node.publicPort))}
        {fact(t('nodes.privateAddress'), node.privateHost ? hostPort(node.privateHost, node.privatePort) : t('nodes.samePublic'))}
        {fact(t('nodes.fields.sftpPort'), node.sftpPort)}
        {fact(t('nodes.servers'), node.servers, 'node-servers')}
      </SimpleGrid>
    </Paper>
  );
}

function EditableNode({ node }: { node: NodeView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateNode(node.id);
  const remove = useDeleteNode(node.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      {remove.error && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('nodes.deleteRefused')} data-testid="node-delete-error">
          {errorMessage(t, remove.error)}
        </Alert>
      )}
      <NodeForm
        key={node.id}
        initial={nodeFormOf(node)}
        submitLabel={t('common.save')}
        pending={update.isPending}
        onSubmit={(request) => update.mutate(request, { onSuccess: () => notifySuccess(t('nodes.updated')), onError: notifyError })}
        extra={
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="delete-node">
            {t('nodes.delete')}
          </Button>
        }
      />
      <ConfirmDialog
        opened={confirming}
        title={t('nodes.delete')}
        message={t('nodes.deleteConfirm', { name: node.name })}
        confirmLabel={t('nodes.delete')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(t('nodes.deleted'));
              void navigate('/node');
            },
            // Shown above the form: a node that still holds servers says how many.
            onSettled: () => setConfirming(false),
          })
        }
        testId="confirm-delete-node"
      />
    </>
  );
}

/** /node/:id: edit a remote node, delete it, run it elsewhere; the local node is shown read-only. */
export default function NodeScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const node = useNode(id);
  const canEdit = useCan(Scopes.NodesEdit);
  const canDeploy = useCan(Scopes.NodesDeploy);
  // Sending backups elsewhere reaches every server's files on the node: admins only (nodeBackupStorage).
  const canStore = useCan(Scopes.ServersAdmin);

  return (
    <QueryState query={node} skeletonRows={6}>
      {(found) => (
        <>
          <ScreenHeader
            title={found.name}
            description={found.isLocal ? t('nodes.localDescription') : undefined}
            actions={
              <Group gap="xs">
                <NodeStatusBadge node={found} />
              </Group>
            }
          />
          <Stack gap="lg">
            <BackupStorageWarning state={found.backupStorage} />
            {found.isLocal || !canEdit ? <NodeFacts node={found} /> : <EditableNode node={found} />}
            <NodeLimitsCard node={found} />
            <NodeHistoryCard nodeId={found.id} />
            {canStore && <BackupStorageCard key={found.id} node={found} />}
            {!found.isLocal && canDeploy && <DeploymentPanel nodeId={found.id} />}
          </Stack>
        </>
      )}
    </QueryState>
  );
}
