import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from '../../translation/useTranslation';
import { isValidPassword } from '@outpost/shared';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../api/errorMessage';
import { useResetPassword } from '../../api/passwordReset';
import { AuthCard } from '../../components/AuthCard';

/** /auth/reset?token=...: the reset mail's link, where the new password is chosen. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = useResetPassword();
  const problems = {
    password: isValidPassword(password) ? undefined : t('errors.ErrPasswordRequirements'),
    confirm: confirm === password ? undefined : t('errors.ErrPasswordsNotIdentical'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problems.password || problems.confirm) return;
    reset.mutate({ token, password });
  };

  const linkInvalid = !token || (reset.error instanceof ApiError && reset.error.code === 'ErrTokenInvalid');
  if (reset.isSuccess || linkInvalid) {
    return (
      <AuthCard title={t('passwordReset.resetTitle')}>
        <Stack gap="md">
          <Alert color={reset.isSuccess ? 'teal' : 'red'} variant="light" data-testid={reset.isSuccess ? 'reset-done' : 'reset-invalid'}>
            {reset.isSuccess ? t('passwordReset.done') : t('passwordReset.invalid')}
          </Alert>
          <Anchor component={Link} to={reset.isSuccess ? '/auth/login' : '/auth/forgot'} ta="center" size="sm">
            {reset.isSuccess ? t('passwordReset.backToLogin') : t('passwordReset.askAgain')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.resetSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            autoFocus
            name="password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={touched ? problems.password : undefined}
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            name="confirm"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={touched ? problems.confirm : undefined}
          />
          {reset.error && (
            <Alert color="red" variant="light" data-testid="reset-error">
              {errorMessage(t, reset.error)}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('passwordReset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
