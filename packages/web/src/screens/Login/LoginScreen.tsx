import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { Link, Redirect } from 'wouter';
import { useNavigate } from '../../router/useNavigate';
import type { AppConfig } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { login, submitOtp } from '../../api/signIn';
import { errorMessage } from '../../api/errorMessage';
import { AuthCard } from '../../components/AuthCard';
import { homePath } from '../../session/homePath';
import { sessionStore, useScopes } from '../../session/sessionStore';
import { startSession } from '../../session/startSession';
import { browserHasPasskeys } from '../../api/browserHasPasskeys';
import { useCachedQueryData, WithQueries } from '../../queries';

// The parts below come after the form, their loaders with them (lazyParts.ts).
const parts = () => import('./lazyParts').then((module) => module.loginParts);
// Only a two-factor account needs it: its code (a modal, a focus trap) is not part of the first load.
const OtpModal = lazy(async () => (await parts()).otpModal());
// Drawn just after the form, where the browser can use passkeys: not part of what the form waits for.
const PasskeySignInButton = lazy(async () => (await parts()).passkeySignInButton());
// Shown after a refused attempt: its code is fetched when the form is sent (see submit).
const loadLoginError = async () => (await parts()).loginError();
const LoginError = lazy(loadLoginError);
// Asks the panel for its providers through the query cache: drawn once that has loaded, after the form.
const SingleSignOn = lazy(async () => (await parts()).singleSignOn());

// Plain elements with Mantine's classes (the markup Stack, Text and Anchor draw; their settings in
// theme/signInPage.css): this page's JavaScript has a budget (issue 36).
const anchorClass = 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root';

// The form is the first thing a visitor draws, so it sends its two calls itself rather than
// through the query cache, whose code then arrives after the form (queries.tsx).
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useCachedQueryData<AppConfig>(['config']);
  const scopes = useScopes();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otpOpen, setOtpOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Stable, so the single sign-on part's effect runs once.
  const openOtp = useCallback(() => setOtpOpen(true), []);

  // Already signed in (e.g. a bookmarked login page): straight to the start screen.
  if (scopes !== null && !pending) return <Redirect to={homePath(scopes)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    void loadLoginError();
    setPending(true);
    setError(null);
    try {
      const answer = await login({ email: email.trim(), password });
      if (answer.otpNeeded) setOtpOpen(true);
      else void navigate(startSession(answer), { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  // The modal shows a rejected code's message itself, so this one rejects rather than reports.
  const sendCode = async (token: string) => {
    const answer = await submitOtp({ token });
    setOtpOpen(false);
    // A recovery code was spent: say how many remain, so the user regenerates before running out.
    const left = answer.recoveryCodesLeft;
    // The toasts' code is not part of the sign-in page.
    if (left !== undefined) void parts().then((loaders) => loaders.notify()).then(({ notifySuccess }) => notifySuccess(t('otp.recoveryLeft', { count: left })));
    void navigate(startSession(answer), { replace: true });
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={(event) => void submit(event)}>
        <div className="m_6d731127 mantine-Stack-root op-form-stack">
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
          {config?.emailEnabled && (
            <Link to="/auth/forgot" className={`${anchorClass} op-small-text op-forgot-link`} data-underline="always" data-size="sm" data-testid="login-forgot">
              {t('passwordReset.forgotLink')}
            </Link>
          )}
          {error !== null && (
            <Suspense fallback={null}>
              <LoginError>{errorMessage(t, error)}</LoginError>
            </Suspense>
          )}
          <Button type="submit" loading={pending} fullWidth>
            {t('login.submit')}
          </Button>
          {browserHasPasskeys() && (
            <Suspense fallback={null}>
              <PasskeySignInButton />
            </Suspense>
          )}
          {config?.registrationEnabled && (
            <p className="mantine-focus-auto m_b6d8b162 mantine-Text-root op-small-text op-dimmed op-centered" data-size="sm">
              {t('login.noAccount')}{' '}
              <Link to="/auth/register" className={anchorClass} data-underline="always">
                {t('login.register')}
              </Link>
            </p>
          )}
        </div>
      </form>
      <Suspense fallback={null}>
        <WithQueries>
          <SingleSignOn onOtpNeeded={openOtp} />
        </WithQueries>
      </Suspense>
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
