import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCode, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { useNavigate } from '../../../router/useNavigate';
import { useDeleteServer } from '../../../api/servers';
import { useReloadServer, useServerDefinition } from '../../../api/serverDefinition';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { QueryState } from '../../../components/QueryState';
import { Can } from '../../../components/Can';
import { OAuthClients } from '../../../components/oauth2/OAuthClients';
import { useCan } from '../../../hooks/useCan';
import type { ServerViewProps } from '../serverViews';
import { DefinitionEditor } from './DefinitionEditor';
import { RunFlags } from './RunFlags';
import { LimitsCard } from './LimitsCard';

/** OAuth2 clients for everyone, the server admin section for deleteServer holders and admins (spec section 2.10). */
export default function AdminTab({ server }: ServerViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" data-testid="server-oauth2">
        <Title order={4}>{t('serverAdmin.oauth2Title')}</Title>
        <Text c="dimmed" size="sm" mt={4} mb="md">
          {t('serverAdmin.oauth2Description')}
        </Text>
        <OAuthClients serverId={server.id} />
      </Paper>
      <Can action="definitionEdit">
        <ServerLimits serverId={server.id} />
      </Can>
      <Can action="delete">
        <ServerAdminSection serverId={server.id} />
      </Can>
    </Stack>
  );
}

/** The limits card once the definition is read; keyed by what is saved, so a save starts the boxes over from it. */
function ServerLimits({ serverId }: { serverId: string }) {
  const definition = useServerDefinition(serverId, true);
  return <QueryState query={definition}>{(def) => <LimitsCard key={JSON.stringify(def.limits ?? {})} serverId={serverId} definition={def} />}</QueryState>;
}

function ServerAdminSection({ serverId }: { serverId: string }) {
  const { t } = useTranslation();
  const canEditDefinition = useCan('definitionEdit');
  const canReload = useCan('reload');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteServer(serverId);
  const reload = useReloadServer(serverId);
  const definition = useServerDefinition(serverId, canEditDefinition);

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={4} mb="md">
        {t('serverAdmin.title')}
      </Title>
      <Stack gap="lg">
        {canEditDefinition && (
          <QueryState query={definition}>
            {(def) => (
              <>
                <RunFlags serverId={serverId} definition={def} />
                <DefinitionEditor serverId={serverId} definition={def} opened={editing} onClose={() => setEditing(false)} />
              </>
            )}
          </QueryState>
        )}
        <Group gap="sm">
          {canEditDefinition && (
            <Button variant="default" leftSection={<IconCode size={16} />} onClick={() => setEditing(true)} disabled={!definition.data}>
              {t('serverAdmin.editDefinition')}
            </Button>
          )}
          {canReload && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={reload.isPending}
              onClick={() => reload.mutate(undefined, { onSuccess: () => notifySuccess(t('serverAdmin.reloaded')), onError: notifyError })}
            >
              {t('serverAdmin.reload')}
            </Button>
          )}
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="delete-server">
            {t('serverAdmin.delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('serverAdmin.deleteTitle')}
        message={t('serverAdmin.deleteConfirm')}
        confirmLabel={t('serverAdmin.delete')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        // mutateAsync, not mutate's callbacks: the deletion closes the live connection, and the page
        // may swap to "not found" (unmounting this tab) before the answer arrives.
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              notifySuccess(t('serverAdmin.deleted'));
              void navigate('/server');
            },
            notifyError,
          )
        }
        testId="delete-server-confirm"
      />
    </Paper>
  );
}
