import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import type { SshKey, SshKeyType } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import type { TFunction } from '../../translation/translator';
import { useAddSshKey, useRemoveSshKey, useSshKeys } from '../../api/sshKeys';
import { isExpectedError } from '../../api/fieldError';
import { errorMessage } from '../../api/errorMessage';
import { useFormat } from '../../hooks/useFormat';
import { RemoveDialog } from '../../components/RemoveDialog';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { notifyError, notifySuccess } from '../../components/notify';
import { AccountCard } from './AccountCard';

/** Key types as people know them (the names ssh-keygen -l prints). */
const typeNames: Record<SshKeyType, string> = {
  'ssh-ed25519': 'ED25519',
  'ecdsa-sha2-nistp256': 'ECDSA 256',
  'ecdsa-sha2-nistp384': 'ECDSA 384',
  'ecdsa-sha2-nistp521': 'ECDSA 521',
  'ssh-rsa': 'RSA',
};

/** The account's SSH keys for SFTP: the list (name, type, fingerprint, added, last used), add and remove. */
export function SshKeysCard() {
  const { t } = useTranslation();
  const keys = useSshKeys();
  const [removing, setRemoving] = useState<SshKey | null>(null);
  const remove = useRemoveSshKey();
  return (
    <AccountCard title={t('account.sshKeys.title')} description={t('account.sshKeys.description')} testId="account-sshkeys">
      <Stack gap="md">
        <QueryState query={keys} skeletonRows={2}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState compact title={t('account.sshKeys.empty')} />
            ) : (
              <Stack gap="xs">
                {list.map((key) => (
                  <SshKeyRow key={key.id} sshKey={key} onRemove={() => setRemoving(key)} />
                ))}
              </Stack>
            )
          }
        </QueryState>
        <AddSshKeyForm />
      </Stack>
      <RemoveDialog
        item={removing}
        idOf={(key) => key.id}
        remove={remove}
        title={t('account.sshKeys.removeTitle')}
        message={t('account.sshKeys.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('account.sshKeys.remove')}
        removed={t('account.sshKeys.removed')}
        onClose={() => setRemoving(null)}
        testId="sshkey-remove-confirm"
      />
    </AccountCard>
  );
}

function SshKeyRow({ sshKey, onRemove }: { sshKey: SshKey; onRemove: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const lastUsed = sshKey.lastUsedAt === null ? t('account.sshKeys.neverUsed') : t('account.sshKeys.lastUsed', { ago: format.ago(Date.parse(sshKey.lastUsedAt)) });
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="sshkey-row">
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <IconKey size={18} style={{ flexShrink: 0, marginTop: 2 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {sshKey.name}{' '}
            <Text span size="xs" c="dimmed">
              {typeNames[sshKey.type]}
            </Text>
          </Text>
          <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="sshkey-fingerprint">
            {sshKey.fingerprint}
          </Text>
          <Text size="xs" c="dimmed">
            {t('account.sshKeys.added', { date: format.dateTime(Date.parse(sshKey.createdAt)) })} · {lastUsed}
          </Text>
        </div>
      </Group>
      <Tooltip label={t('account.sshKeys.remove')}>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${t('account.sshKeys.remove')} ${sshKey.name}`} data-testid="sshkey-remove">
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The message beside the field a refusal names, in the card's own words for the key. */
function refusalOf(t: TFunction, error: unknown): { field: 'name' | 'key'; message: string } | undefined {
  if (!isExpectedError(error)) return undefined;
  if (error.metadata.field === 'name') return { field: 'name', message: t('account.sshKeys.nameRequired') };
  if (error.metadata.field !== 'key') return undefined;
  if (error.code === 'ErrAlreadyExists') return { field: 'key', message: t('account.sshKeys.taken') };
  if (error.code === 'ErrFieldTooSmall') return { field: 'key', message: t('account.sshKeys.rsaTooShort', { bits: error.metadata.bits, min: error.metadata.min }) };
  if (error.code === 'ErrFieldRequired' || error.code === 'ErrFieldLength') return { field: 'key', message: t('account.sshKeys.invalid') };
  return { field: 'key', message: errorMessage(t, error) };
}

function AddSshKeyForm() {
  const { t } = useTranslation();
  const add = useAddSshKey();
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<{ field: 'name' | 'key'; message: string }>();
  const submit = () => {
    setRefusal(undefined);
    add.mutate(
      { name: name.trim(), key: key.trim() },
      {
        onSuccess: () => {
          setName('');
          setKey('');
          notifySuccess(t('account.sshKeys.addedToast'));
        },
        onError: (error) => {
          const shown = refusalOf(t, error);
          if (shown) setRefusal(shown);
          else notifyError(error);
        },
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('account.sshKeys.name')}
          placeholder={t('account.sshKeys.namePlaceholder')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.currentTarget.value)}
          error={refusal?.field === 'name' ? refusal.message : undefined}
          data-testid="sshkey-name"
        />
        <Textarea
          label={t('account.sshKeys.key')}
          description={t('account.sshKeys.keyHint')}
          placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… you@laptop"
          value={key}
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
          onChange={(e) => setKey(e.currentTarget.value)}
          error={refusal?.field === 'key' ? refusal.message : undefined}
          data-testid="sshkey-key"
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={name.trim() === '' || key.trim() === ''} loading={add.isPending} data-testid="sshkey-add">
            {t('account.sshKeys.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
