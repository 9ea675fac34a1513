import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { OAuthClient } from '@outpost/shared';
import { useDeleteOAuthClient } from '../../api/oauth2';
import { notifyError } from '../notify';

/** A warning and a confirmation switch; delete is enabled only while the switch is on, and cancel or finish resets it (spec 2.11). */
export function DeleteOAuthClientDialog({ serverId, client, onClose }: { serverId?: string; client: OAuthClient | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOAuthClient(serverId);
  const [sure, setSure] = useState(false);
  const close = () => {
    setSure(false);
    onClose();
  };
  return (
    <Modal opened={client !== null} onClose={close} title={t('oauth2.deleteTitle')}>
      <Stack gap="md">
        <Text size="sm">{t('oauth2.deleteWarning', { name: client?.name || client?.client_id || '' })}</Text>
        <Switch label={t('oauth2.deleteSure')} checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} data-testid="oauth2-delete-sure" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!sure}
            loading={remove.isPending}
            onClick={() => client && remove.mutate(client.client_id, { onSuccess: close, onError: notifyError })}
            data-testid="oauth2-delete-confirm"
          >
            {t('oauth2.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
