import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Alert, Group, Loader, Paper, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { ApiError } from '../../api/ApiError';
import { notifyError, notifyWarning } from '../../components/notify';
import { useCan } from '../../hooks/useCan';
import { ServerConnectionContext, useConnectionEvent, useConnectionSnapshot, useServerConnection } from '../../live/useServerConnection';
import NotFoundScreen from '../NotFound/NotFoundScreen';
import { useServerScopes } from '../../session/ServerPermissionsProvider';
import { confirmDiscard } from '../../hooks/useUnsavedEdits';
import { ControlBar } from './ControlBar';
import { PlayersCard } from './PlayersCard';
import { ServerHeader } from './ServerHeader';
import { visibleTabs, type ServerTabId } from './serverTabs';
import { ClientOnly } from '../../ssr/ClientOnly';
import type { ServerViewProps } from './serverViews';
import { useKeySequences } from './useKeySequences';
import { fadeHiddenEnds, useHiddenEnds } from './hiddenEnds';
import { useIsRtl } from '../../hooks/useIsRtl';
import { useNavigate } from '../../router/useNavigate';
import { useParams } from '../../router/useParams';
import { serverPath, serverPlace } from './serverLocation';

// The heavy tabs (terminal, charts, editor) load only when opened.
const panels: Record<ServerTabId, ComponentType<ServerViewProps>> = {
  console: lazy(() => import('./console/ConsoleTab')),
  stats: lazy(() => import('./stats/StatsTab')),
  files: lazy(() => import('./files/FilesTab')),
  backups: lazy(() => import('./backups/BackupsTab')),
  tasks: lazy(() => import('./tasks/TasksTab')),
  settings: lazy(() => import('./settings/SettingsTab')),
  users: lazy(() => import('./users/UsersTab')),
  activity: lazy(() => import('./activity/ActivityTab')),
  admin: lazy(() => import('./admin/AdminTab')),
};

const tabLoading = (
  <Group justify="center" py="xl">
    <Loader size="sm" />
  </Group>
);

/** The server page every type gets unless it has its own view (spec server-page.md section 2). */
export function GenericServerView({ server }: ServerViewProps) {
  const { t } = useTranslation();
  const connection = useServerConnection(server.id);
  const { status, running, nodeOffline, installing } = useConnectionSnapshot(connection);
  const tabs = visibleTabs(useServerScopes());
  const canRename = useCan('rename');
  const canStats = useCan('stats');
  // On a phone the tab row scrolls sideways: its hidden ends fade, to say more tabs are there.
  const tabRow = useRef<HTMLDivElement>(null);
  const hiddenEnds = useHiddenEnds(tabRow);
  const rtl = useIsRtl();
  // The tab is the address's (serverLocation.ts), so a reload or a shared link opens it again.
  const navigate = useNavigate();
  const asked = serverPlace(useParams()['*']).tab;
  const tab = tabs.find((entry) => entry.id === asked)?.id ?? tabs[0]?.id;

  // Spec panel.md section 4: after the last reconnect fails, one warning toast and a lasting alert.
  const failed = status === 'failed';
  useEffect(() => {
    if (failed) notifyWarning(t('errors.ErrSocketFailed'));
  }, [failed, t]);

  useConnectionEvent(connection, 'error', (error) => {
    notifyError(new ApiError({ method: 'SOCKET', url: `/proxy/daemon/socket/${server.id}`, status: 0, statusText: error.msg }, error.code, error.msg, error.metadata));
  });

  // Another tab unmounts this one: its unsaved edits would be lost without a word.
  const switchTab = (next: ServerTabId) => {
    if (next !== tab && confirmDiscard()) navigate(serverPath(server.id, next));
  };
  useKeySequences(Object.fromEntries(tabs.map((entry) => [`t ${entry.key}`, () => switchTab(entry.id)])));

  // Deleted while open (here or elsewhere): the page says so and asks nothing more.
  if (status === 'gone') return <NotFoundScreen />;

  return (
    <ServerConnectionContext.Provider value={connection}>
      <Stack gap="md" pb={72}>
        <Group justify="space-between" align="center">
          <ServerHeader server={server} running={running} installing={installing} canRename={canRename} />
          <ControlBar connection={connection} running={running} installing={installing} />
        </Group>
        {/* The node being down explains the dead socket: say that rather than both. */}
        {nodeOffline ? (
          <Alert color="red" icon={<IconPlugConnectedX />} title={t('server.nodeOffline.title')} data-testid="node-offline">
            {t('server.nodeOffline.body', { node: server.node.name })}
          </Alert>
        ) : (
          failed && (
            <Alert color="yellow" icon={<IconAlertTriangle />} data-testid="socket-failed">
              {t('errors.ErrSocketFailed')}
            </Alert>
          )
        )}
        {canStats && <PlayersCard serverId={server.id} running={running === true} />}
        <Tabs value={tab ?? null} onChange={(value) => switchTab(value as ServerTabId)} keepMounted={false} inverted>
          {tabs.map((entry) => {
            const Panel = panels[entry.id];
            return (
              <Tabs.Panel key={entry.id} value={entry.id}>
                <ClientOnly fallback={tabLoading}>
                  <Suspense fallback={tabLoading}>
                    <Panel server={server} />
                  </Suspense>
                </ClientOnly>
              </Tabs.Panel>
            );
          })}
          <Paper
            withBorder
            radius={0}
            // The navbar sits at the start side, left or (Arabic, Hebrew) right.
            style={{ position: 'fixed', bottom: 0, insetInline: 0, zIndex: 50, paddingInlineStart: 'var(--app-shell-navbar-offset, 0rem)' }}
          >
            {/* One row that scrolls sideways on a phone, rather than a second row over the content. */}
            <Tabs.List
              ref={tabRow}
              data-testid="server-tabs"
              data-more-start={hiddenEnds.start}
              data-more-end={hiddenEnds.end}
              style={{ flexWrap: 'nowrap', overflowX: 'auto', justifyContent: 'safe center', scrollbarWidth: 'none', ...fadeHiddenEnds(hiddenEnds, rtl) }}
            >
              {tabs.map((entry) => (
                <Tabs.Tab key={entry.id} value={entry.id} data-tab={entry.id} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {t(`server.tabs.${entry.id}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Paper>
        </Tabs>
      </Stack>
    </ServerConnectionContext.Provider>
  );
}
