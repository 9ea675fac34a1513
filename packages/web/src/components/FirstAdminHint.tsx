import { Alert, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from '../translation/useTranslation';
import { useSelf } from '../api/self';
import { useFirstAdmin } from '../api/users';
import { CopyRow } from './CopyRow';
import { firstAdminCommand } from './firstAdminCommand';

/**
 * Above every screen while the panel has no administrator (nobody can give anyone rights from the
 * web app then): how to make the signed-in account the first one, on the machine running Outpost.
 */
export function FirstAdminHint() {
  const firstAdmin = useFirstAdmin();
  return firstAdmin.data?.needed ? <FirstAdminAlert /> : null;
}

function FirstAdminAlert() {
  const { t } = useTranslation();
  const self = useSelf();
  if (!self.data) return null;
  return (
    <Alert color="orange" icon={<IconShieldExclamation />} title={t('users.adminHint.title')} mb="lg" data-testid="first-admin-hint">
      <Text size="sm" mb="xs">
        {t('users.adminHint.body')}
      </Text>
      <CopyRow label={t('users.adminHint.command')} value={firstAdminCommand(self.data.email)} testId="first-admin-command" />
      <Text size="sm" mt="xs" c="dimmed">
        {t('users.adminHint.after')}
      </Text>
    </Alert>
  );
}
