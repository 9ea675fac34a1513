import { SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { serverPermissionFlags, type ServerPermissionFlag, type ServerPermissions } from '@outpost/shared';

interface PermissionSwitchesProps {
  value: ServerPermissions;
  onChange: (value: ServerPermissions) => void;
  /** A switch the current user may not hand out is shown but cannot be flipped. */
  isLocked: (flag: ServerPermissionFlag) => boolean;
}

/** One labelled switch per per-server permission flag, in the shared list's order. */
export function PermissionSwitches({ value, onChange, isLocked }: PermissionSwitchesProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {serverPermissionFlags.map((flag) => (
        <Switch
          key={flag}
          label={t(`serverUsers.flags.${flag}`)}
          checked={value[flag]}
          disabled={isLocked(flag)}
          onChange={(event) => onChange({ ...value, [flag]: event.currentTarget.checked })}
          data-testid={`flag-${flag}`}
        />
      ))}
    </SimpleGrid>
  );
}
