import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingKeys, secretSettingKeys } from '@outpost/shared';
import { useConfig } from '../../api/config';
import { fieldErrorOf } from '../../api/fieldError';
import { useSaveSettings, type SettingsMap } from '../../api/settings';
import { notifyError, notifySuccess } from '../../components/notify';
import { emailProviderFields, emailProviders, settingLabels } from './emailProviderFields';

/** Panel and email settings in one form, saved together with POST /api/settings. */
export function SettingsForm({ initial }: { initial: SettingsMap }) {
  const { t } = useTranslation();
  const config = useConfig();
  const save = useSaveSettings();
  const [values, setValues] = useState<SettingsMap>(initial);
  // The panel's refusal of one setting (an invalid master URL, no sender address), shown beside it until it changes.
  const [refused, setRefused] = useState<{ field: string; message: string }>();
  const set = (key: string, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    if (refused?.field === key) setRefused(undefined);
  };

  const provider = values[SettingKeys.emailProvider] || 'none';
  const themes = config.data?.themes.available ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Mail goes nowhere without a sender: said beside the field before anything is sent.
    if (provider !== 'none' && !(values[SettingKeys.emailFrom] ?? '').trim()) {
      setRefused({ field: SettingKeys.emailFrom, message: t('errors.ErrFieldRequired', { field: t(settingLabels[SettingKeys.emailFrom]) }) });
      return;
    }
    // Secrets come back empty when set: an empty secret field means "keep", so it is not sent.
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== initial[key] && !(secretSettingKeys.includes(key) && value === '')),
    );
    save.mutate(changed, {
      onSuccess: () => notifySuccess(t('toast.saved')),
      onError: (error) => {
        const wrong = fieldErrorOf(t, error, Object.keys(settingLabels), (key) => t(settingLabels[key]));
        if (wrong) setRefused(wrong);
        else notifyError(error);
      },
    });
  };

  const text = (key: string, props: { placeholder?: string; description?: string } = {}) =>
    secretSettingKeys.includes(key) ? (
      <PasswordInput
        key={key}
        label={t(settingLabels[key])}
        value={values[key] ?? ''}
        onChange={(e) => set(key, e.currentTarget.value)}
        placeholder={t('settings.secretPlaceholder')}
        error={refused?.field === key ? refused.message : undefined}
      />
    ) : (
      <TextInput
        key={key}
        label={t(settingLabels[key])}
        value={values[key] ?? ''}
        onChange={(e) => set(key, e.currentTarget.value)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={refused?.field === key ? refused.message : undefined}
        data-setting={key}
        {...props}
      />
    );

  return (
    <form onSubmit={submit}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={4} mb="md">
            {t('settings.panel')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {text(SettingKeys.masterUrl, { placeholder: 'https://panel.example.com', description: t('settings.masterUrlHint') })}
            {text(SettingKeys.companyName)}
            <Select
              label={t(settingLabels[SettingKeys.defaultTheme])}
              data={themes}
              value={values[SettingKeys.defaultTheme] || null}
              onChange={(value) => set(SettingKeys.defaultTheme, value ?? '')}
              allowDeselect={false}
            />
            <Switch
              mt={{ md: 30 }}
              label={t(settingLabels[SettingKeys.registrationEnabled])}
              checked={values[SettingKeys.registrationEnabled] === 'true'}
              onChange={(e) => set(SettingKeys.registrationEnabled, String(e.currentTarget.checked))}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={4} mb="md">
            {t('settings.email.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Select
              label={t(settingLabels[SettingKeys.emailProvider])}
              data={emailProviders.map((value) => ({ value, label: t(`settings.email.providers.${value}`) }))}
              value={provider}
              onChange={(value) => set(SettingKeys.emailProvider, value ?? 'none')}
              allowDeselect={false}
            />
            {emailProviderFields[provider]?.map((key) => text(key))}
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
