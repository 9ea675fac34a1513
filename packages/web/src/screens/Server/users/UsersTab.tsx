import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { serverPermissionScopes, type ServerPermissionFlag } from '@outpost/shared';
import { useServerUsers } from '../../../api/serverUsers';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { can } from '../../../session/can';
import { useServerScopes } from '../../../session/ServerPermissionsProvider';
import type { ServerViewProps } from '../serverViews';
import { NewServerUserCard } from './NewServerUserCard';
import { ServerUserCard } from './ServerUserCard';
import { flagsOf } from './serverUserEntry';

/** Who may use this server and how, for holders of editServerUsers (spec section 2.9). */
export default function UsersTab({ server }: ServerViewProps) {
  const { t } = useTranslation();
  const users = useServerUsers(server.id);
  const [adding, setAdding] = useState(false);
  // Nobody hands out a flag they do not hold on this server; the server refuses it anyway.
  const held = useServerScopes();
  const mayGrant = (flag: ServerPermissionFlag) => can(held, serverPermissionScopes[flag]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('serverUsers.title')}</Title>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)} disabled={adding || !users.data} data-testid="server-user-add">
          {t('serverUsers.add')}
        </Button>
      </Group>
      <QueryState query={users}>
        {(entries) => (
          <Stack gap="md">
            {adding && <NewServerUserCard serverId={server.id} existing={entries} mayGrant={mayGrant} onDone={() => setAdding(false)} />}
            {!adding && entries.length === 0 && <EmptyState compact title={t('serverUsers.empty')} description={t('serverUsers.emptyHint')} />}
            {entries.map((entry) => (
              // Keyed by the saved flags too, so the switches start over when the server's answer changes.
              <ServerUserCard key={`${entry.email} ${JSON.stringify(flagsOf(entry))}`} serverId={server.id} entry={entry} mayGrant={mayGrant} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
