import { useState } from 'react';
import { ActionIcon, Badge, Group, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import type { ServerSummary } from '@outpost/shared';
import { paintTimed } from '../../components/paintTimed';
import { RenameDialog } from './RenameDialog';

/** Status dot, name and (with editServerData) the pencil that renames (spec section 2.1). */
export function ServerHeader({ server, running, installing = false, canRename }: { server: ServerSummary; running: boolean | null; installing?: boolean; canRename: boolean }) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  useDocumentTitle(server.name);
  const status = installing && !running ? 'installing' : running === null ? 'unknown' : running ? 'online' : 'offline';
  const color = { unknown: 'gray', online: 'teal', offline: 'red', installing: 'blue' }[status];

  return (
    <Group gap="sm" wrap="nowrap">
      <Badge variant="dot" color={color} size="lg" data-testid="server-status" data-status={status} style={{ flexShrink: 0, overflow: 'visible' }}>
        {status === 'installing' ? t('serverList.state.installing') : t(`server.status.${status}`)}
      </Badge>
      <Title order={1} size="h2" style={{ wordBreak: 'break-word' }} data-testid="server-name" {...paintTimed('server-title')}>
        {server.name}
      </Title>
      {canRename && (
        <Tooltip label={t('server.rename')}>
          <ActionIcon variant="subtle" aria-label={t('server.rename')} onClick={() => setRenaming(true)} data-testid="server-rename">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {/* Keyed by the name so Cancel after a rename starts from the new one. */}
      <RenameDialog key={server.name} serverId={server.id} name={server.name} opened={renaming} onClose={() => setRenaming(false)} />
    </Group>
  );
}
