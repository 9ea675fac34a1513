import { useEffect, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { OtpSetupResponse } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { useEndSession } from '../../api/auth';
import { useSelf, useStartOtpSetup } from '../../api/self';
import { AuthCard } from '../../components/AuthCard';
import { notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { homePath } from '../../session/homePath';
import { sessionStore } from '../../session/sessionStore';
import { TwoFactorSetup } from '../Account/TwoFactorSetup';

/**
 * What a session the panel requires two-factor login of sees instead of the app, until it is on:
 * the set-up (with its recovery codes) and a way to sign out, nothing else. The panel refuses
 * every other call meanwhile; this only spares the user screens that would fail.
 */
export default function TwoFactorRequiredScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const self = useSelf();
  const start = useStartOtpSetup();
  const endSession = useEndSession();
  const [setup, setSetup] = useState<OtpSetupResponse | null>(null);
  const required = self.data?.twoFactorRequired === true;

  const lift = () => {
    sessionStore.setTwoFactorRequired(false);
    // Whatever was refused meanwhile is asked again.
    void client.invalidateQueries();
    void navigate(homePath(sessionStore.scopes() ?? []), { replace: true });
  };

  useEffect(() => {
    if (!self.data) return;
    // No longer required (the setting changed, or it was set up in another tab): nothing to do here.
    // Once set-up has begun, the recovery codes keep the screen until the user has saved them.
    if (!required) {
      if (!setup) lift();
    }
    else if (!setup && !start.isPending && !start.isError) start.mutate(undefined, { onSuccess: setSetup });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [self.data, required]);

  return (
    <AuthCard title={t('twoFactorRequired.title')} subtitle={t('twoFactorRequired.subtitle')}>
      <Stack gap="md" data-testid="two-factor-required">
        <QueryState query={self} skeletonRows={4}>
          {() =>
            setup ? (
              <TwoFactorSetup
                setup={setup}
                onDone={() => {
                  notifySuccess(t('account.otp.enabled'));
                  lift();
                }}
              />
            ) : null
          }
        </QueryState>
        <Group justify="center">
          <Button variant="subtle" size="xs" color="gray" onClick={() => endSession.mutate()} data-testid="two-factor-sign-out">
            {t('twoFactorRequired.signOut')}
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
