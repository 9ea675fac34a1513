import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'wouter';
import { useNavigate } from '../../router/useNavigate';
import { useTranslation } from '../../translation/useTranslation';
import { useAcceptInvite, useInvite } from '../../api/invites';
import { errorMessage } from '../../api/errorMessage';
import { AuthCard } from '../../components/AuthCard';
import { startSession } from '../../session/startSession';
import { validateRegistration, type RegistrationForm } from '../Register/validateRegistration';

/** /auth/invite?token=...: the invitee picks a username and password and lands signed in. */
export default function InviteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const [form, setForm] = useState({ username: '', password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const email = invite.data?.email ?? '';
  // The registration rules, with the invited email standing in for the email field.
  const check = (): Partial<Record<keyof RegistrationForm, string>> => validateRegistration({ ...form, email });
  const errors = touched ? check() : {};

  const field = (name: 'username' | 'password' | 'confirm') => ({
    value: form[name],
    name,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.currentTarget.value }),
    error: errors[name] ? t(errors[name]) : undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(check()).length > 0) return;
    accept.mutate(
      { token, username: form.username, password: form.password },
      { onSuccess: (answer) => void navigate(startSession(answer), { replace: true }) },
    );
  };

  if (!token || invite.isError) {
    return (
      <AuthCard title={t('invite.title')}>
        <Stack gap="md">
          <Alert color="red" variant="light" data-testid="invite-invalid">
            {t('invite.invalid')}
          </Alert>
          <Anchor component={Link} to="/auth/login" ta="center" size="sm">
            {t('invite.toLogin')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  if (!invite.data) {
    return (
      <AuthCard title={t('invite.title')}>
        <Loader mx="auto" display="block" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle', { server: invite.data.serverName })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.email')} value={email} readOnly name="email" data-testid="invite-email" />
          <TextInput label={t('fields.username')} autoComplete="username" required autoFocus {...field('username')} />
          <PasswordInput label={t('fields.password')} autoComplete="new-password" required {...field('password')} />
          <PasswordInput label={t('fields.confirmPassword')} autoComplete="new-password" required {...field('confirm')} />
          {accept.error && (
            <Alert color="red" variant="light" data-testid="invite-error">
              {errorMessage(t, accept.error)}
            </Alert>
          )}
          <Button type="submit" loading={accept.isPending} fullWidth>
            {t('invite.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
