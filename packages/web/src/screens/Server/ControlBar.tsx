import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconPlayerStop, IconRefresh, IconSkull } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Scopes } from '@outpost/shared';
import { useCan } from '../../hooks/useCan';
import type { ServerConnection } from '../../live/ServerConnection';
import type { ServerPerms } from '../../session/can';
import { useKeySequences } from './useKeySequences';

/** Spec section 9: the pause between "stopped" and starting again on restart. */
export const RESTART_DELAY_MS = 1000;

type RestartPhase = 'idle' | 'stopping' | 'starting';

/**
 * Start (Restart while running), Stop, Kill, Install, each shown by permission, with r r, r s,
 * r k, r i. Restart is a stop, then once status says stopped, a pause and a start.
 */
export function ControlBar({ connection, running, permissions }: { connection: ServerConnection; running: boolean | null; permissions: ServerPerms | undefined }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<RestartPhase>('idle');

  useEffect(() => {
    if (phase === 'stopping' && running === false) {
      const timer = setTimeout(() => {
        connection.send({ type: 'start' });
        setPhase('starting');
      }, RESTART_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'starting' && running === true) setPhase('idle');
    return undefined;
  }, [phase, running, connection]);

  const canStart = useCan(Scopes.ServersStart, permissions);
  const canStop = useCan(Scopes.ServersStop, permissions);
  const canInstall = useCan(Scopes.ServersInstall, permissions);

  const startOrRestart = () => {
    if (running) {
      setPhase('stopping');
      connection.send({ type: 'stop' });
    } else {
      connection.send({ type: 'start' });
    }
  };
  const stop = () => connection.send({ type: 'stop' });
  const kill = () => {
    setPhase('idle');
    connection.send({ type: 'kill' });
  };
  const install = () => connection.send({ type: 'install' });

  useKeySequences({
    'r r': canStart && startOrRestart,
    'r s': canStop && stop,
    'r k': canStop && kill,
    'r i': canInstall && install,
  });

  const restarting = phase !== 'idle';
  return (
    <Group gap="xs">
      {canStart && (
        <Button
          size="sm"
          color="teal"
          loading={restarting}
          leftSection={running ? <IconRefresh size={16} /> : <IconPlayerPlay size={16} />}
          onClick={startOrRestart}
          data-testid="control-start"
        >
          {running ? t('server.restart') : t('server.start')}
        </Button>
      )}
      {canStop && (
        <>
          <Button size="sm" variant="light" color="orange" leftSection={<IconPlayerStop size={16} />} onClick={stop} data-testid="control-stop">
            {t('server.stop')}
          </Button>
          <Button size="sm" variant="light" color="red" leftSection={<IconSkull size={16} />} onClick={kill} data-testid="control-kill">
            {t('server.kill')}
          </Button>
        </>
      )}
      {canInstall && (
        <Button size="sm" variant="default" leftSection={<IconDownload size={16} />} onClick={install} data-testid="control-install">
          {t('server.install')}
        </Button>
      )}
    </Group>
  );
}
