import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { OtpSetupResponse } from '@outpost/shared';
import { useDisableOtp, useOtpStatus, useStartOtpSetup } from '../../api/self';
import { notifyError, notifySuccess } from '../../components/notify';
import { OtpModal } from '../../components/OtpModal';
import { QueryState } from '../../components/QueryState';
import { AccountCard } from './AccountCard';
import { RegenerateRecoveryCodes } from './RegenerateRecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * Two-factor login: enable (QR or secret, a code, then the recovery codes), or disable with a
 * current code; while on, how many recovery codes are left, and new ones for them all.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useOtpStatus();
  const start = useStartOtpSetup();
  const disable = useDisableOtp();
  const [setup, setSetup] = useState<OtpSetupResponse | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);

  return (
    <AccountCard title={t('account.otp.title')} description={t('account.otp.description')} testId="account-otp">
      <QueryState query={status} skeletonRows={1}>
        {({ otpEnabled, recoveryCodesLeft }) =>
          // Kept open once on: the recovery codes show inside the set-up.
          setup ? (
            <TwoFactorSetup
              setup={setup}
              onCancel={() => setSetup(null)}
              onDone={() => {
                setSetup(null);
                notifySuccess(t('account.otp.enabled'));
              }}
            />
          ) : (
            <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="xs">
                <Text size="sm">{t('account.otp.status')}</Text>
                <Badge color={otpEnabled ? 'teal' : 'gray'} variant="light" data-testid="otp-status">
                  {otpEnabled ? t('account.otp.on') : t('account.otp.off')}
                </Badge>
              </Group>
              {otpEnabled ? (
                <Button variant="light" color="red" onClick={() => setDisabling(true)}>
                  {t('account.otp.disable')}
                </Button>
              ) : (
                <Button onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: notifyError })} loading={start.isPending} data-testid="otp-enable">
                  {t('account.otp.enable')}
                </Button>
              )}
            </Group>
            {otpEnabled && (
              <Group justify="space-between">
                <Text size="sm" c={recoveryCodesLeft ? undefined : 'red'} data-testid="recovery-left">
                  {t('account.recovery.left', { count: recoveryCodesLeft ?? 0 })}
                </Text>
                <Button variant="default" size="xs" onClick={() => setRegenerating(true)} data-testid="recovery-regenerate">
                  {t('account.recovery.regenerate')}
                </Button>
              </Group>
            )}
            </Stack>
          )
        }
      </QueryState>
      <RegenerateRecoveryCodes opened={regenerating} onClose={() => setRegenerating(false)} />
      <OtpModal
        opened={disabling}
        title={t('account.otp.disableTitle')}
        onClose={() => setDisabling(false)}
        onSubmit={async (code) => {
          await disable.mutateAsync(code);
          setDisabling(false);
          notifySuccess(t('account.otp.disabled'));
        }}
      />
    </AccountCard>
  );
}
