import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { useRegenerateRecoveryCodes } from '../../api/self';
import { errorMessage } from '../../api/errorMessage';
import { fieldErrorOf } from '../../api/fieldError';
import { RecoveryCodes } from './RecoveryCodes';

/** "Regenerate": the current password, then ten new codes in place of every old one. */
export function RegenerateRecoveryCodes({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = () => {
    setPassword('');
    setCodes(null);
    regenerate.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    regenerate.mutate({ password }, { onSuccess: (answer) => setCodes(answer.recoveryCodes) });
  };
  const wrongPassword = regenerate.error && fieldErrorOf(t, regenerate.error, ['password']);

  return (
    // Once the new codes show, only "I have saved them" closes it: the old ones are gone.
    <Modal opened={opened} onClose={codes ? () => {} : close} withCloseButton={!codes} title={t('account.recovery.regenerateTitle')} centered>
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={close} />
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('account.recovery.regeneratePrompt')}
            </Text>
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={wrongPassword ? t('account.wrongPassword') : undefined}
              data-testid="recovery-password"
            />
            {regenerate.error && !wrongPassword && (
              <Alert color="red" variant="light">
                {errorMessage(t, regenerate.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                {t('account.recovery.regenerate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
