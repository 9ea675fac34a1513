import { useEffect, useState } from 'react';
import { Button, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconPlayerStop, IconRefresh, IconSkull } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useCan } from '../../hooks/useCan';
import type { ServerConnection } from '../../live/ServerConnection';
import { useKeySequences } from './useKeySequences';

/** Spec section 9: the pause between "stopped" and starting again on restart. */
export const RESTART_DELAY_MS = 1000;
/**
 * A restart whose stop or start the node refused (the refusal is a console line, not a status)
 * would wait for ever: past this the button is given back.
 */
export const RESTART_GIVE_UP_MS = 60_000;

type RestartPhase = 'idle' | 'stopping' | 'starting';

/**
 * Start (Restart while running), Stop, Kill, Install, each shown as the action table allows, with r r, r s,
 * r k, r i, and enabled only when they can do something: Stop and Kill while running, Install
 * while stopped. Start/Restart is shown to startServer holders (spec); a restart of a running
 * server stops it, so without stopServer it is disabled, saying why, as the node would refuse it.
 * Restart is a stop, then once status says stopped, a pause and a start; a refusal or a status
 * that never comes gives the button back.
 */
export function ControlBar({
  connection,
  running,
  installing = false,
}: {
  connection: ServerConnection;
  running: boolean | null;
  installing?: boolean;
}) {
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
    if (phase === 'idle') return undefined;
    const giveUp = setTimeout(() => setPhase('idle'), RESTART_GIVE_UP_MS);
    return () => clearTimeout(giveUp);
  }, [phase, running, connection]);

  // An action refused over the HTTP fallback arrives as an error event.
  useEffect(() => connection.onEvent((event) => event.type === 'error' && setPhase('idle')), [connection]);

  const canStart = useCan('start');
  const canStop = useCan('stop');
  const canKill = useCan('kill');
  const canInstall = useCan('install');
  // Restarting a running server stops it first: the table's restartRunning, as the node checks too.
  const canRestartRunning = useCan('restartRunning');
  const canStartOrRestart = running === true ? canRestartRunning : canStart;
  const restartNeedsStop = canStart && !canStartOrRestart;
  // Kill also ends install steps, so an install keeps it enabled.
  const offline = running === false && !installing;
  const busy = running === true || installing;

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
    'r r': canStartOrRestart && startOrRestart,
    'r s': canStop && running === true && stop,
    'r k': canKill && !offline && kill,
    'r i': canInstall && !busy && install,
  });

  const restarting = phase !== 'idle';
  return (
    <Group gap="xs" wrap="wrap">
      {canStart && (
        <Tooltip label={t('server.restartNeedsStop')} disabled={!restartNeedsStop}>
          {/* data-disabled rather than disabled, so the tooltip still hears the pointer. */}
          <Button
            size="sm"
            color="teal"
            loading={restarting}
            leftSection={running ? <IconRefresh size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => canStartOrRestart && startOrRestart()}
            data-disabled={restartNeedsStop || undefined}
            aria-disabled={restartNeedsStop || undefined}
            data-testid="control-start"
          >
            {running ? t('server.restart') : t('server.start')}
          </Button>
        </Tooltip>
      )}
      {canStop && (
        <Button size="sm" variant="light" color="orange" disabled={running !== true} leftSection={<IconPlayerStop size={16} />} onClick={stop} data-testid="control-stop">
          {t('server.stop')}
        </Button>
      )}
      {canKill && (
        <Button size="sm" variant="light" color="red" disabled={offline} leftSection={<IconSkull size={16} />} onClick={kill} data-testid="control-kill">
          {t('server.kill')}
        </Button>
      )}
      {canInstall && (
        <Button size="sm" variant="default" disabled={busy} leftSection={<IconDownload size={16} />} onClick={install} data-testid="control-install">
          {t('server.install')}
        </Button>
      )}
    </Group>
  );
}
