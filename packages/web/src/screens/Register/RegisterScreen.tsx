import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login, register } from '../../api/auth';
import { useConfig } from '../../api/config';
import { errorMessage } from '../../api/errorMessage';
import { AuthCard } from '../../components/AuthCard';
import { startSession } from '../../session/startSession';
import { validateRegistration, type RegistrationForm } from './validateRegistration';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const [form, setForm] = useState<RegistrationForm>({ username: '', email: '', password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = touched ? validateRegistration(form) : {};

  const field = (name: keyof RegistrationForm) => ({
    value: form[name],
    name,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.currentTarget.value }),
    error: errors[name] ? t(errors[name]) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateRegistration(form)).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const credentials = { email: form.email.trim(), password: form.password };
      // Registration answers a taken email like a free one, with no session: signing in comes next.
      await register({ username: form.username, ...credentials });
      void navigate(startSession(await login(credentials)), { replace: true });
    } catch (cause) {
      setError(errorMessage(t, cause));
    } finally {
      setBusy(false);
    }
  };

  const signIn = (
    <Text size="sm" ta="center" c="dimmed">
      {t('register.haveAccount')}{' '}
      <Anchor component={Link} to="/auth/login">
        {t('register.signIn')}
      </Anchor>
    </Text>
  );

  if (config.data && !config.data.registrationEnabled) {
    return (
      <AuthCard title={t('register.title')}>
        <Stack gap="md">
          <Alert color="gray" variant="light">
            {t('register.disabled')}
          </Alert>
          {signIn}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.username')} autoComplete="username" required autoFocus {...field('username')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...field('email')} />
          <PasswordInput label={t('fields.password')} autoComplete="new-password" required {...field('password')} />
          <PasswordInput label={t('fields.confirmPassword')} autoComplete="new-password" required {...field('confirm')} />
          {error && (
            <Alert color="red" variant="light" data-testid="register-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {t('register.submit')}
          </Button>
          {signIn}
        </Stack>
      </form>
    </AuthCard>
  );
}
