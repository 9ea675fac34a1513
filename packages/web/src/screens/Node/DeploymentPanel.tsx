import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useDeployment, useRotateSecret } from '../../api/nodes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { CopyBlock } from './CopyBlock';
import { daemonJson, DAEMON_FILE, enableCommand, installCommands, systemdUnit, UNIT_FILE } from './deploymentText';
import type { NodeDeployment } from '@outpost/shared';

function DeploymentText({ deployment }: { deployment: NodeDeployment }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <CopyBlock label={t('nodes.deployment.install')} value={installCommands(deployment)} testId="install-commands" />
      <CopyBlock label={t('nodes.deployment.file', { file: DAEMON_FILE })} value={daemonJson(deployment)} testId="daemon-json" />
      <CopyBlock label={t('nodes.deployment.unit', { file: UNIT_FILE })} value={systemdUnit(deployment)} testId="systemd-unit" />
      <CopyBlock label={t('nodes.deployment.enable')} value={enableCommand} testId="enable-command" />
    </Stack>
  );
}

/**
 * How to run the node elsewhere: the commands that fetch the daemon from the panel and start it
 * with the node's daemon.json, and a systemd unit (all shown only when asked for: they hold the
 * secret), with copy buttons; and a new secret, shown once.
 */
export function DeploymentPanel({ nodeId }: { nodeId: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deployment = useDeployment(nodeId, shown);
  const rotate = useRotateSecret(nodeId);
  const rotated = rotate.data;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{t('nodes.deployment.title')}</Title>
          <Group gap="sm">
            {!shown && !rotated && (
              <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => setShown(true)} data-testid="show-deployment">
                {t('nodes.deployment.show')}
              </Button>
            )}
            <Button variant="light" color="orange" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)} data-testid="rotate-secret">
              {t('nodes.deployment.rotate')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('nodes.deployment.howTo', { file: DAEMON_FILE })}
        </Text>
        {/* The secret is the node: who can read it is admin over its servers, whatever else they hold. */}
        <Alert color="yellow" data-testid="deploy-grants">
          {t('nodes.deployment.grants')}
        </Alert>
        {rotated ? (
          <>
            <Alert color={rotated.pushed ? 'teal' : 'orange'} data-testid="rotated" data-pushed={String(rotated.pushed)}>
              {rotated.pushed ? t('nodes.deployment.rotatedPushed') : t('nodes.deployment.rotatedNotPushed', { file: DAEMON_FILE })}
            </Alert>
            <DeploymentText deployment={rotated.deployment} />
          </>
        ) : (
          shown && <QueryState query={deployment}>{(data) => <DeploymentText deployment={data} />}</QueryState>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('nodes.deployment.rotate')}
        message={t('nodes.deployment.rotateConfirm')}
        confirmLabel={t('nodes.deployment.rotate')}
        pending={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false), onError: notifyError })}
        testId="confirm-rotate"
      />
    </Paper>
  );
}
