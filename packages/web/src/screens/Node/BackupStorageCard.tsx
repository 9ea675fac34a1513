import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import type { BackupStorageState, NodeView } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { useTestBackupStorage, useUpdateNode } from '../../api/nodes';
import { fieldErrorOf } from '../../api/fieldError';
import { notifyError, notifySuccess } from '../../components/notify';
import { SecretField } from '../Settings/SecretField';
import { checkStorageForm, storageFormOf, type StorageField, type StorageFormInput } from './backupStorageForm';

const storageFields: readonly StorageField[] = ['endpoint', 'bucket', 'accessKeyId', 'secretAccessKey'];

/** Why a storage failed: the code's words in the reader's language, then the node's own words (the storage's answer). */
function StorageFailure({ state }: { state: BackupStorageState }) {
  const { t } = useTranslation();
  const reason = state.errorCode ? t(`errors.${state.errorCode}`, { defaultValue: '' }) : '';
  return (
    <Stack gap={4}>
      <Text size="sm">{reason || state.error || t('errors.ErrBackupStorage')}</Text>
      {reason && state.error && (
        <Text size="xs" c="dimmed" ff="monospace" data-testid="backup-storage-detail">
          {state.error}
        </Text>
      )}
    </Stack>
  );
}

/** The node's storage state, as a warning on its page when the storage does not answer. */
export function BackupStorageWarning({ state }: { state: BackupStorageState | null }) {
  const { t } = useTranslation();
  if (state?.ok !== false) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('nodes.backupStorage.unreachable')} data-testid="backup-storage-warning">
      <StorageFailure state={state} />
    </Alert>
  );
}

/** Where the node keeps its servers' backups, for admins: on its disk or in S3-compatible storage, with a test before saving. */
export function BackupStorageCard({ node }: { node: NodeView }) {
  const { t } = useTranslation();
  const update = useUpdateNode(node.id);
  const test = useTestBackupStorage(node.id);
  const [input, setInput] = useState(() => storageFormOf(node.backups));
  const [touched, setTouched] = useState(false);
  const check = checkStorageForm(input);

  // A change makes the last test's answer stale.
  const set = (change: Partial<StorageFormInput>) => {
    setInput((old) => ({ ...old, ...change }));
    test.reset();
  };
  // A field the panel refused (400 naming backups.<field>) is marked as one the form refused.
  const refused = fieldErrorOf(t, update.error ?? test.error, storageFields.map((field) => `backups.${field}`), (field) => t(`nodes.backupStorage.${field.slice('backups.'.length)}`));
  const error = (field: StorageField) => {
    const problem = touched ? check.problems[field] : undefined;
    if (problem === 'required') return t('errors.ErrFieldRequired', { field: t(`nodes.backupStorage.${field}`) });
    if (problem === 'url') return t('nodes.backupStorage.endpointInvalid');
    return refused?.field === `backups.${field}` ? refused.message : undefined;
  };
  // A refusal shown beside its field needs no toast as well.
  const onError = (caught: unknown) => {
    if (!fieldErrorOf(t, caught, storageFields.map((field) => `backups.${field}`))) notifyError(caught);
  };

  const save = () => {
    setTouched(true);
    if (!check.storage) return;
    // The node's own fields go with it unchanged: PUT takes the whole node.
    const { name, publicHost, publicPort, privateHost, privatePort, sftpPort } = node;
    update.mutate(
      { name, publicHost, publicPort, privateHost, privatePort, sftpPort, backups: check.storage },
      {
        onSuccess: () => {
          notifySuccess(t('nodes.backupStorage.saved'));
          // The secret just sent is the one kept now: the field empties and says so.
          setInput((old) => ({ ...old, isSet: old.type === 's3' && (old.isSet || old.secretAccessKey !== ''), secretAccessKey: '' }));
        },
        onError,
      },
    );
  };
  const runTest = () => {
    setTouched(true);
    if (check.storage) test.mutate(check.storage, { onError });
  };

  const text = (field: 'endpoint' | 'region' | 'bucket' | 'prefix' | 'accessKeyId', options: { required?: boolean; hint?: boolean; placeholder?: string } = {}) => (
    <TextInput
      label={t(`nodes.backupStorage.${field}`)}
      description={options.hint ? t(`nodes.backupStorage.${field}Hint`) : undefined}
      placeholder={options.placeholder}
      required={options.required}
      value={input[field]}
      onChange={(event) => set({ [field]: event.currentTarget.value })}
      error={field === 'endpoint' || field === 'bucket' || field === 'accessKeyId' ? error(field) : undefined}
      name={field}
      dir="ltr"
    />
  );

  return (
    <Paper withBorder radius="md" p="lg" data-testid="backup-storage">
      <Stack gap="md">
        <div>
          <Title order={4}>{t('nodes.backupStorage.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('nodes.backupStorage.description')}
          </Text>
        </div>
        <SegmentedControl
          value={input.type}
          onChange={(type) => set({ type: type as StorageFormInput['type'] })}
          data={[
            { value: 'local', label: t('nodes.backupStorage.local') },
            { value: 's3', label: t('nodes.backupStorage.s3') },
          ]}
          style={{ alignSelf: 'flex-start' }}
          data-testid="backup-storage-type"
        />
        {input.type === 'local' ? (
          <Text size="sm">{t('nodes.backupStorage.localHint')}</Text>
        ) : (
          <>
            {/* Fields line up by their boxes, whether or not the one beside them has a hint. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
              {text('endpoint', { required: true, hint: true, placeholder: 'https://s3.example.com' })}
              {text('region', { placeholder: 'us-east-1' })}
              {text('bucket', { required: true })}
              {text('prefix', { hint: true })}
              {text('accessKeyId', { required: true })}
              <div>
                <SecretField
                  key={String(input.isSet)}
                  label={t('nodes.backupStorage.secretAccessKey')}
                  isSet={input.isSet}
                  value={input.secretAccessKey}
                  onChange={(secretAccessKey) => set({ secretAccessKey })}
                  testId="backup-storage-secret"
                />
                {error('secretAccessKey') && (
                  <Text size="xs" c="red" mt={4}>
                    {error('secretAccessKey')}
                  </Text>
                )}
              </div>
            </SimpleGrid>
            <Switch
              label={t('nodes.backupStorage.forcePathStyle')}
              description={t('nodes.backupStorage.forcePathStyleHint')}
              checked={input.forcePathStyle}
              onChange={(event) => set({ forcePathStyle: event.currentTarget.checked })}
            />
          </>
        )}
        {test.data && (
          <Alert
            color={test.data.ok ? 'teal' : 'red'}
            icon={test.data.ok ? <IconCircleCheck /> : <IconAlertCircle />}
            title={test.data.ok ? t('nodes.backupStorage.testOk') : t('nodes.backupStorage.testFailed')}
            data-testid="backup-storage-test-result"
            data-ok={test.data.ok}
          >
            {!test.data.ok && <StorageFailure state={test.data} />}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" leftSection={<IconPlugConnected size={16} />} loading={test.isPending} onClick={runTest} data-testid="backup-storage-test">
            {t('nodes.backupStorage.test')}
          </Button>
          <Button loading={update.isPending} onClick={save} data-testid="backup-storage-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
