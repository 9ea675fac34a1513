import { Group, Switch } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerDefinition } from '@outpost/shared';
import { useSetRunFlag, type RunFlag } from '../../../api/serverDefinition';
import { notifyError, notifySuccess } from '../../../components/notify';

const flags: RunFlag[] = ['autostart', 'autorestart', 'autorecover'];

/** Admin-only run flags; each toggle is saved and reloaded at once, one at a time. */
export function RunFlags({ serverId, definition }: { serverId: string; definition: ServerDefinition }) {
  const { t } = useTranslation();
  const setFlag = useSetRunFlag(serverId);

  return (
    <Group gap="xl">
      {flags.map((flag) => (
        <Switch
          key={flag}
          label={t(`serverAdmin.${flag}`)}
          description={t(`serverAdmin.${flag}Hint`)}
          checked={!!definition.run?.[flag]}
          disabled={setFlag.isPending}
          onChange={(event) => setFlag.mutate({ flag, on: event.currentTarget.checked }, { onSuccess: () => notifySuccess(t('toast.saved')), onError: notifyError })}
          data-flag={flag}
        />
      ))}
    </Group>
  );
}
