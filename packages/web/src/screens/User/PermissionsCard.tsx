import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { panelScopes, type Scope } from '@outpost/shared';
import { usePutUserPerms } from '../../api/users';
import { notifyError, notifySuccess } from '../../components/notify';
import { useScopes } from '../../session/sessionStore';
import { panelScopeKeys, switchState, toggleScope } from './panelPermissions';

interface PermissionsCardProps {
  userId: number;
  held: Scope[];
  canEdit: boolean;
}

/** One switch per panel scope (GET/PUT /api/users/{id}/perms); what the editor lacks is greyed out. */
export function PermissionsCard({ userId, held, canEdit }: PermissionsCardProps) {
  const { t } = useTranslation();
  const own = useScopes();
  const [selected, setSelected] = useState<Scope[]>(held);
  const put = usePutUserPerms(userId);
  const changed = selected.length !== held.length || selected.some((scope) => !held.includes(scope));

  const save = async () => {
    try {
      await put.mutateAsync(selected);
      notifySuccess(t('users.permissionsSaved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="user-permissions">
      <Stack gap="md">
        <div>
          <Title order={4}>{t('users.permissions')}</Title>
          <Text size="sm" c="dimmed">
            {t('users.permissionsHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {panelScopes.map((scope) => {
            const state = switchState(scope, selected, own, canEdit);
            return (
              <Switch
                key={scope}
                label={t(panelScopeKeys[scope])}
                description={state.reason ? t(state.reason) : undefined}
                checked={state.checked}
                disabled={state.disabled}
                onChange={(event) => setSelected((old) => toggleScope(old, scope, event.currentTarget.checked))}
                data-testid={`scope-${scope}`}
              />
            );
          })}
        </SimpleGrid>
        {canEdit && (
          <Group justify="flex-end">
            <Button loading={put.isPending} disabled={!changed} onClick={() => void save()} data-testid="user-permissions-save">
              {t('users.permissionsSave')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
