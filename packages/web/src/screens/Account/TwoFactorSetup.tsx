import { useState } from 'react';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Image, PinInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import type { OtpSetupResponse } from '@outpost/shared';
import { useConfirmOtp } from '../../api/self';
import { errorMessage } from '../../api/errorMessage';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Step two of enabling: scan the QR code or copy the secret, prove it works with a code, then
 * keep the recovery codes the panel answers (shown this once). `onDone` runs after that; without
 * `onCancel` the set-up cannot be left (the panel requires it).
 */
export function TwoFactorSetup({ setup, onDone, onCancel }: { setup: OtpSetupResponse; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const confirmCode = useConfirmOtp();

  const confirm = () => {
    if (code.length !== 6) return;
    confirmCode.mutate(code, { onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes), onError: () => setCode('') });
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onSaved={onDone} />;

  return (
    <Stack gap="md" data-testid="otp-setup">
      <Text size="sm">{t('account.otp.scan')}</Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image src={setup.img} alt={t('account.otp.qrAlt')} w={180} h={180} radius="sm" bg="white" p={6} />
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" c="dimmed">
            {t('account.otp.secretHint')}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="otp-secret">
              {setup.secret}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                  <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('common.copy')}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>
      <Text size="sm">{t('account.otp.enterCode')}</Text>
      <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label={t('otp.code')} data-testid="otp-confirm-input" />
      {confirmCode.error && (
        <Alert color="red" variant="light">
          {errorMessage(t, confirmCode.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button onClick={confirm} loading={confirmCode.isPending} disabled={code.length !== 6}>
          {t('account.otp.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
