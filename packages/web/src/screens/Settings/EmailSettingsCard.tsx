import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { SettingKeys, emailTlsModes, localeCodes, locales, secretSettingKeys } from '@outpost/shared';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../api/errorMessage';
import { useEmailStatus, useSendTestEmail, type SettingsMap } from '../../api/settings';
import { notifySuccess } from '../../components/notify';
import { emailProviderFields, emailProviders, settingLabels } from './emailProviderFields';
import { SecretField } from './SecretField';

interface EmailSettingsCardProps {
  values: SettingsMap;
  secretsSet: Record<string, boolean>;
  /** Shows where mail goes without letting it change: for a settings editor who is no administrator. */
  readOnly: boolean;
  set: (key: string, value: string) => void;
  /** The refusal shown beside a field, if any. */
  errorOf: (key: string) => string | undefined;
  /** Saves what changed, so the test mail uses what is on screen. */
  saveChanges: () => Promise<void>;
}

/** The email provider and its fields, the language of mails, a test button and the last failure. */
export function EmailSettingsCard({ values, secretsSet, readOnly, set, errorOf, saveChanges }: EmailSettingsCardProps) {
  const { t } = useTranslation();
  const provider = values[SettingKeys.emailProvider] || 'none';
  const test = useSendTestEmail();
  const status = useEmailStatus();
  const failure = status.data?.lastFailure;

  const sendTest = async () => {
    test.reset();
    try {
      await saveChanges();
    } catch {
      return; // Already shown as a toast.
    }
    test.mutate({}, { onSuccess: (answer) => notifySuccess(t('emailSettings.testSent', { to: answer.to })) });
  };

  // The provider's own words matter more than the code's message here.
  const testError =
    test.error instanceof ApiError && test.error.code === 'ErrServiceNotAvailable'
      ? `${errorMessage(t, test.error)}: ${test.error.message}`
      : test.error && errorMessage(t, test.error);

  const field = (key: string) => {
    const label = t(settingLabels[key]);
    if (secretSettingKeys.includes(key)) {
      return (
        <SecretField
          key={`${key}-${String(secretsSet[key] === true)}`}
          label={label}
          isSet={secretsSet[key] === true}
          readOnly={readOnly}
          value={values[key] ?? ''}
          onChange={(value) => set(key, value)}
          testId={`setting-${key}`}
        />
      );
    }
    if (key === SettingKeys.emailTls) {
      return (
        <Select
          key={key}
          label={label}
          data={emailTlsModes.map((mode) => ({ value: mode, label: t(`emailSettings.tlsModes.${mode}`) }))}
          value={values[key] || 'auto'}
          onChange={(value) => set(key, value ?? 'auto')}
          allowDeselect={false}
        />
      );
    }
    if (key === SettingKeys.emailAllowSelfSigned) {
      return (
        <Switch
          key={key}
          mt={{ md: 30 }}
          label={label}
          checked={values[key] === 'true'}
          onChange={(e) => set(key, String(e.currentTarget.checked))}
          disabled={readOnly}
        />
      );
    }
    const hints: Record<string, string> = {
      [SettingKeys.emailPort]: 'emailSettings.portHint',
      [SettingKeys.emailApiUrl]: 'emailSettings.apiUrlHint',
    };
    return (
      <TextInput
        key={key}
        label={label}
        description={hints[key] ? t(hints[key]) : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={values[key] ?? ''}
        onChange={(e) => set(key, e.currentTarget.value)}
        error={errorOf(key)}
        readOnly={readOnly}
        data-testid={`setting-${key}`}
        data-setting={key}
      />
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={4} mb="md">
        {t('settings.email.title')}
      </Title>
      <Stack gap="md">
        {failure && (
          <Alert color="orange" variant="light" title={t('emailSettings.lastFailure')} data-testid="email-last-failure">
            {t('emailSettings.lastFailureText', { kind: failure.kind, at: new Date(failure.at).toLocaleString(), msg: failure.msg })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Select
            label={t(settingLabels[SettingKeys.emailProvider])}
            data={emailProviders.map((value) => ({ value, label: t(`settings.email.providers.${value}`) }))}
            value={provider}
            onChange={(value) => set(SettingKeys.emailProvider, value ?? 'none')}
            allowDeselect={false}
            disabled={readOnly}
            description={readOnly ? t('settings.adminOnly') : undefined}
            data-testid="setting-email-provider"
          />
          <Select
            label={t(settingLabels[SettingKeys.defaultLanguage])}
            data={localeCodes.map((code) => ({ value: code, label: locales[code] }))}
            value={values[SettingKeys.defaultLanguage] || 'en_US'}
            onChange={(value) => set(SettingKeys.defaultLanguage, value ?? 'en_US')}
            allowDeselect={false}
          />
          {emailProviderFields[provider]?.map(field)}
        </SimpleGrid>
        {readOnly ? null : provider === 'none' ? (
          <Text size="sm" c="dimmed">
            {t('emailSettings.noneHint')}
          </Text>
        ) : (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconMailForward size={16} />} loading={test.isPending} onClick={() => void sendTest()} data-testid="email-test">
              {t('emailSettings.sendTest')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('emailSettings.sendTestHint')}
            </Text>
          </Group>
        )}
        {testError && (
          <Alert color="red" variant="light" data-testid="email-test-error">
            {testError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
