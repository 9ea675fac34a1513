import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { browserHasPasskeys } from '../../api/browserHasPasskeys';
import { useNavigate } from '../../router/useNavigate';
import { startSession } from '../../session/startSession';
import { useTranslation } from '../../translation/useTranslation';

/**
 * "Sign in with a passkey", where the browser has WebAuthn: no email asked, the passkey names the
 * account. Drawn with the sign-in page, whose first load is counted, so the button carries no
 * icon and the sign-in flow (with the WebAuthn helper) loads on the press.
 */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [supported] = useState(browserHasPasskeys);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  if (!supported) return null;

  const start = async () => {
    setPending(true);
    setError(undefined);
    const flow = await import('../../api/passkeySignIn');
    try {
      const answer = await flow.signInWithPasskey();
      void navigate(startSession(answer), { replace: true });
    } catch (failure) {
      setError(flow.passkeyErrorMessage(t, failure));
      setPending(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button variant="default" fullWidth loading={pending} onClick={() => void start()} data-testid="login-passkey">
        {t('login.passkey')}
      </Button>
      {error && (
        <Alert color="red" variant="light" data-testid="login-passkey-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
