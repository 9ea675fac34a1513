import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconClearAll, IconCopy, IconPlayerPause, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { useCan } from '../../../hooks/useCan';
import { useSelf } from '../../../api/self';
import { useConnection, useConnectionEvent, useConnectionSnapshot } from '../../../live/useServerConnection';
import { useKeySequences } from '../useKeySequences';
import { REPLAY_POLL_MS } from './consoleText';
import { Terminal, type TerminalHandle } from './Terminal';

/** Spec section 9: the "copied" confirmation stays 6000 ms. */
const COPIED_MS = 6000;

/** Live console with pause, clear, copy, replay after gaps, and the command line (spec section 2.3). */
export default function ConsoleTab() {
  const { t } = useTranslation();
  const connection = useConnection();
  const { status } = useConnectionSnapshot(connection);
  const terminal = useRef<TerminalHandle>(null);
  const lastEpoch = useRef<number | undefined>(undefined);
  const [paused, setPaused] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const [command, setCommand] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const canSend = useCan('consoleSend');
  const self = useSelf();
  const [copied, setCopied] = useState(false);

  useConnectionEvent(connection, 'console', (replay) => {
    // A refusal line carries no epoch: it is not part of the server's output.
    if (replay.epoch !== undefined) lastEpoch.current = replay.epoch;
    const added = terminal.current?.append((replay.logs ?? []).join('')) ?? 0;
    if (paused) setUnseen((count) => count + added);
  });

  // Open: ask for what was missed. Down: poll the replay over HTTP until the socket is back.
  const replay = useCallback(() => connection.send({ type: 'replay', data: { since: lastEpoch.current } }), [connection]);
  const polling = status === 'reconnecting' || status === 'failed';
  useEffect(() => {
    if (status === 'open') replay();
  }, [status, replay]);
  useEffect(() => {
    if (!polling) return;
    replay();
    const timer = setInterval(replay, REPLAY_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, replay]);

  const togglePause = () => {
    const next = !paused;
    setPaused(next);
    terminal.current?.setPaused(next);
    if (!next) setUnseen(0);
  };
  const clear = () => {
    terminal.current?.clear();
    setUnseen(0);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(terminal.current?.text() ?? '');
    setCopied(true);
  };
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const send = () => {
    const text = command.trim();
    if (!text) return;
    connection.send({ type: 'console', data: { command: text } });
    setCommand('');
  };

  useKeySequences({ 'c p': togglePause, 'c i': canSend && (() => input.current?.focus()) });

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              size="xs"
              variant={paused ? 'filled' : 'light'}
              leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              onClick={togglePause}
              data-testid="console-pause"
            >
              {paused ? t('console.resume') : t('console.pause')}
            </Button>
            {paused && unseen > 0 && (
              <Badge color="orange" data-testid="console-unseen">
                {t('console.newLines', { count: unseen })}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={() => void copy().catch(() => undefined)} data-testid="console-copy">
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconClearAll size={14} />} onClick={clear} data-testid="console-clear">
              {t('console.clear')}
            </Button>
          </Group>
        </Group>
        <Terminal ref={terminal} self={self.data?.username} />
        {canSend && (
          <TextInput
            ref={input}
            placeholder={t('console.commandPlaceholder')}
            aria-label={t('console.command')}
            value={command}
            onChange={(event) => setCommand(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') send();
              // Escape hands the keyboard back to the page's shortcuts.
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
            ff="monospace"
            rightSection={
              <Tooltip label={t('console.send')}>
                <ActionIcon variant="subtle" onClick={send} aria-label={t('console.send')} data-testid="console-send">
                  <IconSend size={16} />
                </ActionIcon>
              </Tooltip>
            }
            data-testid="console-input"
          />
        )}
      </Stack>
    </Paper>
  );
}
