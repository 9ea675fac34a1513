import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'wouter';
import { useTranslation } from '../../translation/useTranslation';
import { isEmail } from '@outpost/shared';
import { useConfig } from '../../api/config';
import { errorMessage } from '../../api/errorMessage';
import { useForgotPassword } from '../../api/passwordReset';
import { AuthCard } from '../../components/AuthCard';

/**
 * /auth/forgot: asks for a reset link. The answer is the same whether or not the email has an account.
 * A panel without mail says to ask an administrator instead.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const forgot = useForgotPassword();
  const config = useConfig();
  const invalid = touched && !isEmail(email.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email.trim())) return;
    forgot.mutate({ email: email.trim() });
  };

  const back = (
    <Anchor component={Link} to="/auth/login" ta="center" size="sm">
      {t('passwordReset.backToLogin')}
    </Anchor>
  );

  // Without mail the panel sends no link (the sign-in page offers none): whoever reached this address is told whom to ask.
  if (config.data && !config.data.emailEnabled) {
    return (
      <AuthCard title={t('passwordReset.forgotTitle')}>
        <Stack gap="md">
          <Alert color="blue" variant="light" data-testid="forgot-ask-admin">
            {t('passwordReset.askAdmin')}
          </Alert>
          {back}
        </Stack>
      </AuthCard>
    );
  }

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('passwordReset.forgotTitle')}>
        <Stack gap="md">
          <Alert color="teal" variant="light" data-testid="forgot-sent">
            {t('passwordReset.sent')}
          </Alert>
          {back}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('passwordReset.forgotTitle')} subtitle={t('passwordReset.forgotSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            name="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={invalid ? t('errors.ErrFieldNotEmail') : undefined}
          />
          {forgot.error && (
            <Alert color="red" variant="light" data-testid="forgot-error">
              {errorMessage(t, forgot.error)}
            </Alert>
          )}
          <Button type="submit" loading={forgot.isPending} fullWidth>
            {t('passwordReset.send')}
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}
