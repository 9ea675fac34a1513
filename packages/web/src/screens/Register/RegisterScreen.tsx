import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'wouter';
import { useNavigate } from '../../router/useNavigate';
import { useTranslation } from '../../translation/useTranslation';
import { useRegister } from '../../api/auth';
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
  const register = useRegister();
  const errors = touched ? validateRegistration(form) : {};

  const field = (name: keyof RegistrationForm) => ({
    value: form[name],
    name,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.currentTarget.value }),
    error: errors[name] ? t(errors[name]) : undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateRegistration(form)).length > 0) return;
    register.mutate(
      { username: form.username, email: form.email.trim(), password: form.password },
      { onSuccess: (answer) => void navigate(startSession(answer), { replace: true }) },
    );
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
          {register.error && (
            <Alert color="red" variant="light" data-testid="register-error">
              {errorMessage(t, register.error)}
            </Alert>
          )}
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
          {signIn}
        </Stack>
      </form>
    </AuthCard>
  );
}
