import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { CreatedOAuthClient } from '@outpost/shared';
import { useCreateOAuthClient } from '../../api/oauth2';
import { CopyRow } from '../CopyRow';
import { SecretShownOnce } from '../SecretShownOnce';
import { notifyError } from '../notify';

/**
 * Asks for a name and description, then shows the new client's id and secret once, with copy
 * buttons. The secret lives only in this dialog's state: closing it forgets the secret for good.
 */
export function CreateOAuthClientDialog({ serverId, opened, onClose }: { serverId?: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOAuthClient(serverId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedOAuthClient | null>(null);

  const close = () => {
    setName('');
    setDescription('');
    setCreated(null);
    onClose();
  };
  const submit = () => create.mutate({ name, description }, { onSuccess: setCreated, onError: notifyError });

  return (
    <Modal opened={opened} onClose={close} title={created ? t('oauth2.createdTitle') : t('oauth2.createTitle')}>
      {created ? (
        <SecretShownOnce warning={t('oauth2.secretOnce')} doneLabel={t('oauth2.done')} onDone={close} testId="oauth2-credentials">
          <CopyRow label={t('oauth2.clientId')} value={created.client_id} testId="oauth2-client-id" />
          <CopyRow label={t('oauth2.clientSecret')} value={created.client_secret} testId="oauth2-client-secret" />
        </SecretShownOnce>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput label={t('oauth2.name')} value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            {/* Enter in the description submits (spec 2.11). */}
            <TextInput label={t('oauth2.description')} value={description} maxLength={255} onChange={(e) => setDescription(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="oauth2-create-submit">
                {t('oauth2.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
