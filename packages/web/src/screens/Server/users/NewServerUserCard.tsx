import { useState } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerPermissionFlag, ServerUserEntry } from '@outpost/shared';
import { ApiError } from '../../../api/ApiError';
import { fieldErrorOf } from '../../../api/fieldError';
import { isPendingInvitation, usePutServerUser } from '../../../api/serverUsers';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PermissionSwitches } from './PermissionSwitches';
import { flagsOf, newEntryProblem } from './serverUserEntry';

interface NewServerUserCardProps {
  serverId: string;
  /** The saved entries, so an email already listed is caught before the call. */
  existing: readonly ServerUserEntry[];
  mayGrant: (flag: ServerPermissionFlag) => boolean;
  /** Called on Cancel and after a successful save: the entry stops being a draft. */
  onDone: () => void;
}

/** An unsaved entry: the email of an existing account and its switches, with Save and Cancel. */
export function NewServerUserCard({ serverId, existing, mayGrant, onDone }: NewServerUserCardProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [flags, setFlags] = useState(() => flagsOf({}));
  const [error, setError] = useState<string | null>(null);
  const put = usePutServerUser(serverId);
  const client = useQueryClient();

  const save = async () => {
    if (put.isPending) return;
    // Spec section 5: no call without an email.
    const problem = newEntryProblem(email, existing);
    if (problem) {
      setError(t(`serverUsers.${problem}`));
      return;
    }
    try {
      await put.mutateAsync({ email: email.trim(), flags });
      notifySuccess(isPendingInvitation(client, serverId, email) ? t('invite.sent', { email: email.trim() }) : t('toast.saved'));
      onDone();
    } catch (caught) {
      // An unknown email can only be invited by mail: say why that cannot happen here.
      if (caught instanceof ApiError && caught.code === 'ErrEmailNotConfigured') setError(t('invite.emailNotConfigured'));
      else if (caught instanceof ApiError && caught.code === 'ErrUserNotFound') setError(t('serverUsers.unknownEmail'));
      else if (fieldErrorOf(t, caught, ['email'])) setError(fieldErrorOf(t, caught, ['email'])!.message);
      else notifyError(caught);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="server-user-new">
      <Stack gap="md">
        <TextInput
          type="email"
          label={t('fields.email')}
          description={t('invite.emailHint')}
          leftSection={<IconMail size={16} />}
          value={email}
          error={error}
          autoFocus
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
          data-testid="server-user-email"
        />
        <PermissionSwitches value={flags} onChange={setFlags} isLocked={(flag) => !mayGrant(flag)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} data-testid="server-user-cancel">
            {t('common.cancel')}
          </Button>
          <Button loading={put.isPending} onClick={() => void save()} data-testid="server-user-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
