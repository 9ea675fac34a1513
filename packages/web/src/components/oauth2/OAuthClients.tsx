import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import type { OAuthClient } from '@outpost/shared';
import { useOAuthClients } from '../../api/oauth2';
import { EmptyState } from '../EmptyState';
import { QueryState } from '../QueryState';
import { CreateOAuthClientDialog } from './CreateOAuthClientDialog';
import { DeleteOAuthClientDialog } from './DeleteOAuthClientDialog';

/**
 * The OAuth2 clients card's body (server-page.md 2.11), for the account or, given a serverId, one
 * server: the API documentation link, the list, create and delete.
 */
export function OAuthClients({ serverId }: { serverId?: string }) {
  const { t } = useTranslation();
  const clients = useOAuthClients(serverId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  return (
    <Stack gap="sm" data-testid="oauth2-clients">
      <Anchor href="/swagger/index.html" target="_blank" rel="noopener" size="sm">
        {t('oauth2.apiDocs')}
      </Anchor>
      <QueryState query={clients}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState compact title={t('oauth2.empty')} />
          ) : (
            <Stack gap="xs">
              {list.map((client) => (
                <Group key={client.client_id} justify="space-between" wrap="nowrap" data-testid="oauth2-client">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} c={client.name ? undefined : 'dimmed'}>
                      {client.name || t('oauth2.unnamed')}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {client.client_id}
                    </Text>
                    {client.description && <Text size="xs">{client.description}</Text>}
                  </div>
                  <Tooltip label={t('oauth2.delete')}>
                    <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(client)} aria-label={`${t('oauth2.delete')} ${client.name || client.client_id}`}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="oauth2-create">
          {t('oauth2.create')}
        </Button>
      </Group>
      <CreateOAuthClientDialog serverId={serverId} opened={creating} onClose={() => setCreating(false)} />
      <DeleteOAuthClientDialog serverId={serverId} client={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
