import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Passkey } from '@outpost/shared';
import { useAddPasskey, useDeletePasskey, usePasskeys, useRenamePasskey } from '../../api/passkeys';
import { browserHasPasskeys } from '../../api/browserHasPasskeys';
import { passkeyErrorMessage } from '../../api/passkeySignIn';
import { RemoveDialog } from '../../components/RemoveDialog';
import { EmptyState } from '../../components/EmptyState';
import { notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { useFormat } from '../../hooks/useFormat';
import { useTranslation } from '../../translation/useTranslation';
import { AccountCard } from './AccountCard';

/** The account's passkeys: the list with last use, add (a name, then the browser's prompt), rename, remove. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const format = useFormat();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <AccountCard title={t('account.passkeys.title')} description={t('account.passkeys.description')} testId="account-passkeys">
      <Stack gap="sm">
        <QueryState query={passkeys} skeletonRows={1}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState compact title={t('account.passkeys.empty')} />
            ) : (
              <Stack gap="xs">
                {list.map((key) => (
                  <Group key={key.id} justify="space-between" wrap="nowrap" data-testid="passkey-row">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconKey size={18} style={{ flexShrink: 0 }} />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                          {key.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('account.passkeys.added', { date: format.dateTime(Date.parse(key.createdAt)) })}
                          {' · '}
                          {key.lastUsedAt ? t('account.passkeys.lastUsed', { ago: format.ago(Date.parse(key.lastUsedAt)) }) : t('account.passkeys.neverUsed')}
                        </Text>
                      </div>
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('account.passkeys.rename')}>
                        <ActionIcon variant="subtle" onClick={() => setRenaming(key)} aria-label={`${t('account.passkeys.rename')} ${key.name}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('account.passkeys.remove')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(key)} aria-label={`${t('account.passkeys.remove')} ${key.name}`}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )
          }
        </QueryState>
        {browserHasPasskeys() ? (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="passkey-add">
              {t('account.passkeys.add')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('account.passkeys.unsupported')}
          </Text>
        )}
      </Stack>
      <PasskeyNameDialog key={adding ? 'add' : 'closed'} mode="add" opened={adding} onClose={() => setAdding(false)} />
      <PasskeyNameDialog key={renaming ? `rename-${renaming.id}` : 'none'} mode="rename" passkey={renaming ?? undefined} opened={renaming !== null} onClose={() => setRenaming(null)} />
      <RemoveDialog
        item={removing}
        idOf={(key) => key.id}
        remove={remove}
        title={t('account.passkeys.removeTitle')}
        message={t('account.passkeys.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('account.passkeys.remove')}
        removed={t('account.passkeys.removed')}
        onClose={() => setRemoving(null)}
        testId="passkey-remove-confirm"
      />
    </AccountCard>
  );
}

/** A name for a new passkey (then the browser's prompt), or a new name for one. */
function PasskeyNameDialog({ mode, passkey, opened, onClose }: { mode: 'add' | 'rename'; passkey?: Passkey; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey?.name ?? '');
  const [error, setError] = useState<string>();
  const pending = add.isPending || rename.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('errors.ErrFieldRequired', { field: t('account.passkeys.name') }));
    setError(undefined);
    const onError = (failure: unknown) => setError(passkeyErrorMessage(t, failure));
    if (mode === 'add') {
      add.mutate(name.trim(), {
        onSuccess: () => {
          onClose();
          notifySuccess(t('account.passkeys.addedToast'));
        },
        onError,
      });
    } else if (passkey) {
      rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: onClose, onError });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={mode === 'add' ? t('account.passkeys.addTitle') : t('account.passkeys.renameTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {mode === 'add' && (
            <Text size="sm" c="dimmed">
              {t('account.passkeys.addHint')}
            </Text>
          )}
          <TextInput
            label={t('account.passkeys.name')}
            placeholder={t('account.passkeys.namePlaceholder')}
            value={name}
            maxLength={100}
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="passkey-name"
          />
          {error && (
            <Alert color="red" variant="light" data-testid="passkey-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="passkey-save">
              {mode === 'add' ? t('account.passkeys.continue') : t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
