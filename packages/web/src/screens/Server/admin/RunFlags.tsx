import { useState } from 'react';
import { Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDefinition } from '@outpost/shared';
import { getDefinition, putDefinition, reloadServer } from '../../../api/serverProxy';
import { notifyError, notifySuccess } from '../../../components/notify';

type Flag = 'autostart' | 'autorestart' | 'autorecover';
const flags: Flag[] = ['autostart', 'autorestart', 'autorecover'];

/**
 * Admin-only run flags. Spec section 4: a toggle reads the definition fresh, changes the one
 * flag, writes it back and reloads, so it never overwrites another edit with stale data.
 */
export function RunFlags({ serverId, definition, onChanged }: { serverId: string; definition: ServerDefinition; onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Flag | null>(null);

  const toggle = async (flag: Flag, on: boolean) => {
    setBusy(flag);
    try {
      const current = await getDefinition(serverId);
      await putDefinition(serverId, { ...current, run: { ...current.run, [flag]: on } });
      await reloadServer(serverId);
      notifySuccess(t('toast.saved'));
      onChanged();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xl">
      {flags.map((flag) => (
        <Switch
          key={flag}
          label={t(`serverAdmin.${flag}`)}
          description={t(`serverAdmin.${flag}Hint`)}
          checked={!!definition.run?.[flag]}
          disabled={busy !== null}
          onChange={(event) => void toggle(flag, event.currentTarget.checked)}
          data-flag={flag}
        />
      ))}
    </Group>
  );
}
