import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, PasswordInput, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'wouter';
import { reauth } from '../../api/auth';
import { errorMessage } from '../../api/errorMessage';
import { useConfirmOidcLink, usePendingOidcLink } from '../../api/oidc';
import { useOidcButtons } from '../../api/oidcButtons';
import { OidcIcon } from '../../components/oidc/OidcIcon';
import { useNavigate } from '../../router/useNavigate';
import { startSession } from '../../session/startSession';
import { useTranslation } from '../../translation/useTranslation';

/**
 * The login page's single sign-on part: a button per provider, and what the panel's callback
 * sent the browser back with (?oidc=done|otp|link, or ?oidcError=<code>). A session the callback
 * opened is in its cookie; its scopes are fetched here (reauth) as a password sign-in answers them.
 */
export function OidcSignIn({ onOtpNeeded }: { onOtpNeeded: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const outcome = params.get('oidc');
  const code = params.get('oidcError');
  const buttons = useOidcButtons();
  const pending = usePendingOidcLink(outcome === 'link');
  const confirm = useConfirmOidcLink();
  const [password, setPassword] = useState('');
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (outcome === 'otp') onOtpNeeded();
    if (outcome === 'done') void reauth().then((answer) => navigate(startSession(answer), { replace: true }));
  }, [outcome, onOtpNeeded, navigate]);

  const link = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(password, {
      onSuccess: (answer) => {
        if (answer.otpNeeded) onOtpNeeded();
        else void navigate(startSession(answer), { replace: true });
      },
    });
  };

  return (
    <Stack gap="sm" mt="md">
      {code && /^Err\w+$/.test(code) && (
        <Alert color="red" variant="light" data-testid="oidc-error">
          {t(`errors.${code}`, { defaultValue: t('errors.ErrUnknownError') })}
        </Alert>
      )}
      {outcome === 'done' && (
        <Text size="sm" c="dimmed" ta="center">
          {t('oidc.finishing')}
        </Text>
      )}
      {outcome === 'link' && pending.data && (
        <form onSubmit={link} data-testid="oidc-link">
          <Stack gap="sm">
            <Text fw={600}>{t('oidc.linkTitle', { provider: pending.data.provider })}</Text>
            <Text size="sm" c="dimmed">
              {t('oidc.linkPrompt', { provider: pending.data.provider, email: pending.data.email })}
            </Text>
            <PasswordInput label={t('fields.password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} name="oidc-password" />
            {confirm.error && (
              <Alert color="red" variant="light">
                {errorMessage(t, confirm.error)}
              </Alert>
            )}
            <Button type="submit" loading={confirm.isPending}>
              {t('oidc.linkSubmit')}
            </Button>
          </Stack>
        </form>
      )}
      {!!buttons.data?.length && (
        <>
          <Divider label={t('oidc.or')} labelPosition="center" />
          {buttons.data.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={`/auth/oidc/${provider.id}/start`}
              variant="default"
              fullWidth
              leftSection={<OidcIcon icon={provider.icon} />}
              data-testid={`oidc-button-${provider.id}`}
            >
              {t('oidc.continueWith', { provider: provider.label })}
            </Button>
          ))}
        </>
      )}
    </Stack>
  );
}
