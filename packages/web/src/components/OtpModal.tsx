import { useState } from 'react';
import { Alert, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useTranslation } from '../translation/useTranslation';
import { errorMessage } from '../api/errorMessage';

interface OtpModalProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the code; a rejection shows its message and lets the user try again. */
  onSubmit: (code: string) => Promise<void>;
  title?: string;
}

/** The one-time-code overlay: six digits, sent as soon as they are complete. */
export function OtpModal({ opened, onClose, onSubmit, title }: OtpModalProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (value: string) => {
    if (value.length !== 6 || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value);
      setCode('');
    } catch (cause) {
      setError(errorMessage(t, cause));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('otp.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(code);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('otp.prompt')}
          </Text>
          <Group justify="center">
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={(value) => void submit(value)}
              aria-label={t('otp.code')}
              data-testid="otp-input"
            />
          </Group>
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={code.length !== 6}>
              {t('otp.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
