import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Redirect, useSearchParams } from 'wouter';
import { useNavigate } from '../../router/useNavigate';
import { useTranslation } from '../../translation/useTranslation';
import { useLogin, useSubmitOtp } from '../../api/auth';
import { useConfig } from '../../api/config';
import { useOidcButtons } from '../../api/oidcButtons';
import { errorMessage } from '../../api/errorMessage';
import { notifySuccess } from '../../components/notify';
import { AuthCard } from '../../components/AuthCard';
import { homePath } from '../../session/homePath';
import { sessionStore, useScopes } from '../../session/sessionStore';
import { startSession } from '../../session/startSession';
import { browserHasPasskeys } from '../../api/browserHasPasskeys';

// Only a two-factor account needs it: its code (a modal, a focus trap) is not part of the first load.
const OtpModal = lazy(() => import('../../components/OtpModal').then((module) => ({ default: module.OtpModal })));
// Drawn just after the form, where the browser can use passkeys: not part of what the form waits for.
const PasskeySignInButton = lazy(() => import('./PasskeySignInButton').then((module) => ({ default: module.PasskeySignInButton })));
// Only a panel with single sign-on (or a browser back from a provider) loads its buttons and steps.
const OidcSignIn = lazy(() => import('./OidcSignIn').then((module) => ({ default: module.OidcSignIn })));

/** The single sign-on part, once the panel names a provider or the provider sent the browser back. */
function SingleSignOn({ onOtpNeeded }: { onOtpNeeded: () => void }) {
  const [params] = useSearchParams();
  const providers = useOidcButtons();
  const wanted = params.has('oidc') || params.has('oidcError') || (providers.data?.length ?? 0) > 0;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OidcSignIn onOtpNeeded={onOtpNeeded} />
    </Suspense>
  );
}

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const scopes = useScopes();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otpOpen, setOtpOpen] = useState(false);
  const login = useLogin();
  const otp = useSubmitOtp();
  // Stable, so the single sign-on part's effect runs once.
  const openOtp = useCallback(() => setOtpOpen(true), []);

  // Already signed in (e.g. a bookmarked login page): straight to the start screen.
  if (scopes !== null && !login.isPending) return <Redirect to={homePath(scopes)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          if (answer.otpNeeded) setOtpOpen(true);
          else void navigate(startSession(answer), { replace: true });
        },
      },
    );
  };

  // The modal shows a rejected code's message itself, so this one rejects rather than reports.
  const sendCode = async (token: string) => {
    const answer = await otp.mutateAsync({ token });
    setOtpOpen(false);
    // A recovery code was spent: say how many remain, so the user regenerates before running out.
    if (answer.recoveryCodesLeft !== undefined) notifySuccess(t('otp.recoveryLeft', { count: answer.recoveryCodesLeft }));
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
          {config.data?.emailEnabled && (
            <Anchor component={Link} to="/auth/forgot" size="sm" mt={-8} ta="end" data-testid="login-forgot">
              {t('passwordReset.forgotLink')}
            </Anchor>
          )}
          {login.error && (
            <Alert color="red" variant="light" data-testid="login-error">
              {errorMessage(t, login.error)}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          {browserHasPasskeys() && (
            <Suspense fallback={null}>
              <PasskeySignInButton />
            </Suspense>
          )}
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
      <SingleSignOn onOtpNeeded={openOtp} />
      {otpOpen && (
        <Suspense fallback={null}>
      <OtpModal
        opened={otpOpen}
        allowRecovery
        onClose={() => {
          setOtpOpen(false);
          sessionStore.clear();
        }}
        onSubmit={sendCode}
      />
        </Suspense>
      )}
    </AuthCard>
  );
}
