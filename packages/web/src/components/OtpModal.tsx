import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../translation/useTranslation';
import { errorMessage } from '../api/errorMessage';

interface OtpModalProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the code; a rejection shows its message and lets the user try again. */
  onSubmit: (code: string) => Promise<void>;
  title?: string;
  /** The sign-in's step: a recovery code may go in place of the six digits. */
  allowRecovery?: boolean;
}

// A recovery code's 16 letters and digits, hyphens and spaces aside.
const recoveryLength = 16;
const isComplete = (value: string, recovery: boolean) => (recovery ? value.replace(/[\s-]/g, '').length === recoveryLength : value.length === 6);

/** The one-time-code overlay: six digits, sent as soon as they are complete, or a recovery code. */
export function OtpModal({ opened, onClose, onSubmit, title, allowRecovery = false }: OtpModalProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (value: string) => {
    if (!isComplete(value, recovery) || busy) return;
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
            {recovery ? t('otp.recoveryPrompt') : t('otp.prompt')}
          </Text>
          {recovery ? (
            <TextInput
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder="xxxx-xxxx-xxxx-xxxx"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              aria-label={t('otp.recoveryCode')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textAlign: 'center' } }}
              data-testid="otp-recovery-input"
            />
          ) : (
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
          )}
          {allowRecovery && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="center"
              onClick={() => {
                setRecovery((on) => !on);
                setCode('');
                setError(null);
              }}
              data-testid="otp-use-recovery"
            >
              {recovery ? t('otp.useApp') : t('otp.useRecovery')}
            </Anchor>
          )}
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!isComplete(code, recovery)}>
              {t('otp.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
