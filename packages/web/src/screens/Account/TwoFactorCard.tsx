import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtpSetupResponse } from '@outpost/shared';
import { disableOtp, startOtpSetup, useOtpStatus } from '../../api/self';
import { notifyError, notifySuccess } from '../../components/notify';
import { OtpModal } from '../../components/OtpModal';
import { QueryState } from '../../components/QueryState';
import { AccountCard } from './AccountCard';
import { TwoFactorSetup } from './TwoFactorSetup';

/** Two-factor login: enable (QR or secret, then a code), or disable with a current code. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const status = useOtpStatus();
  const [setup, setSetup] = useState<OtpSetupResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const [disabling, setDisabling] = useState(false);

  const refresh = () => client.invalidateQueries({ queryKey: ['self'] });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startOtpSetup());
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <AccountCard title={t('account.otp.title')} description={t('account.otp.description')} testId="account-otp">
      <QueryState query={status} skeletonRows={1}>
        {({ otpEnabled }) =>
          setup && !otpEnabled ? (
            <TwoFactorSetup
              setup={setup}
              onCancel={() => setSetup(null)}
              onDone={() => {
                setSetup(null);
                notifySuccess(t('account.otp.enabled'));
                void refresh();
              }}
            />
          ) : (
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
                <Button onClick={() => void start()} loading={starting}>
                  {t('account.otp.enable')}
                </Button>
              )}
            </Group>
          )
        }
      </QueryState>
      <OtpModal
        opened={disabling}
        title={t('account.otp.disableTitle')}
        onClose={() => setDisabling(false)}
        onSubmit={async (code) => {
          await disableOtp(code);
          setDisabling(false);
          notifySuccess(t('account.otp.disabled'));
          await refresh();
        }}
      />
    </AccountCard>
  );
}
