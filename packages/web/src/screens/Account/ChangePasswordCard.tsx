import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { isValidPassword } from '@outpost/shared';
import { fieldErrorOf } from '../../api/fieldError';
import { useUpdateSelf } from '../../api/self';
import { notifyError, notifySuccess } from '../../components/notify';
import { AccountCard } from './AccountCard';

/** Old, new and confirm; the rules of spec section 5 are checked before anything is sent. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const update = useUpdateSelf();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  // The panel's refusal of the current password, shown beside it until it is typed again.
  const [refused, setRefused] = useState<string>();

  const errors = {
    old: !old ? t('errors.ErrFieldRequired', { field: t('fields.oldPassword') }) : undefined,
    next: !isValidPassword(next) ? t('errors.ErrPasswordRequirements') : undefined,
    confirm: confirm !== next ? t('errors.ErrPasswordsNotIdentical') : undefined,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.old || errors.next || errors.confirm) return;
    update.mutate(
      { password: old, newPassword: next },
      {
        onSuccess: () => {
          setOld('');
          setNext('');
          setConfirm('');
          setTouched(false);
          notifySuccess(t('toast.saved'));
        },
        onError: (error) => {
          if (fieldErrorOf(t, error, ['password'])) setRefused(t('account.wrongPassword'));
          else notifyError(error);
        },
      },
    );
  };

  return (
    <AccountCard title={t('account.password.title')} testId="account-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('fields.oldPassword')}
            autoComplete="current-password"
            value={old}
            onChange={(e) => {
              setOld(e.currentTarget.value);
              setRefused(undefined);
            }}
            error={(touched && errors.old) || refused}
            name="oldPassword"
          />
          <PasswordInput
            label={t('fields.newPassword')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={touched && errors.next}
            name="newPassword"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={touched && errors.confirm}
            name="confirmPassword"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountCard>
  );
}
