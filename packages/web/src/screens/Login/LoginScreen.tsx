import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login, submitOtp } from '../../api/auth';
import { useConfig } from '../../api/config';
import { errorMessage } from '../../api/errorMessage';
import { AuthCard } from '../../components/AuthCard';
import { OtpModal } from '../../components/OtpModal';
import { homePath } from '../../session/homePath';
import { sessionStore, useScopes } from '../../session/sessionStore';
import { startSession } from '../../session/startSession';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const scopes = useScopes();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);

  // Already signed in (e.g. a bookmarked login page): straight to the start screen.
  if (scopes !== null && !busy) return <Navigate to={homePath(scopes)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ email: email.trim(), password });
      if (answer.otpNeeded) {
        setOtpOpen(true);
      } else {
        void navigate(startSession(answer), { replace: true });
      }
    } catch (cause) {
      setError(errorMessage(t, cause));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (token: string) => {
    const answer = await submitOtp({ token });
    setOtpOpen(false);
    void navigate(startSession(answer), { replace: true });
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            name="email"
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            name="password"
          />
          {error && (
            <Alert color="red" variant="light" data-testid="login-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          {config.data?.registrationEnabled && (
            <Text size="sm" ta="center" c="dimmed">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to="/auth/register">
                {t('login.register')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
      <OtpModal
        opened={otpOpen}
        onClose={() => {
          setOtpOpen(false);
          sessionStore.clear();
        }}
        onSubmit={sendCode}
      />
    </AuthCard>
  );
}
