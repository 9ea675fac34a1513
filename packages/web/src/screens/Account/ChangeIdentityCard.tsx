import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { isEmail, isValidUsername } from '@outpost/shared';
import { fieldErrorOf } from '../../api/fieldError';
import { useUpdateSelf } from '../../api/self';
import { notifyError, notifySuccess } from '../../components/notify';
import { AccountCard } from './AccountCard';

/** Changes the username or the email; either needs the current password (PUT /api/self). */
export function ChangeIdentityCard({ field, current }: { field: 'username' | 'email'; current: string }) {
  const { t } = useTranslation();
  const update = useUpdateSelf();
  const [value, setValue] = useState(current);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  // The panel's refusal of one field (a wrong password, a taken name), shown beside it until it changes.
  const [refused, setRefused] = useState<{ field: string; message: string }>();
  const refusedOf = (name: string) => (refused?.field === name ? refused.message : undefined);

  const valid = field === 'username' ? isValidUsername(value) : isEmail(value.trim());
  const invalidKey = field === 'username' ? 'errors.ErrUsernameRequirements' : 'errors.ErrFieldNotEmail';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || !password) return;
    update.mutate(
      { [field]: field === 'email' ? value.trim() : value, password },
      {
        onSuccess: () => {
          setPassword('');
          setTouched(false);
          notifySuccess(t('toast.saved'));
        },
        onError: (error) => {
          const wrong = fieldErrorOf(t, error, ['password', field]);
          if (wrong) setRefused(wrong.field === 'password' ? { field: 'password', message: t('account.wrongPassword') } : wrong);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <AccountCard title={t(`account.${field}.title`)} testId={`account-${field}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t(`fields.${field === 'username' ? 'newUsername' : 'newEmail'}`)}
            type={field === 'email' ? 'email' : 'text'}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setRefused(undefined);
            }}
            error={touched && !valid ? t(invalidKey) : refusedOf(field)}
            name={field}
          />
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setRefused(undefined);
            }}
            error={touched && !password ? t('errors.ErrFieldRequired', { field: t('fields.currentPassword') }) : refusedOf('password')}
            name="password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={value === current}>
              {t(`account.${field}.submit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountCard>
  );
}
