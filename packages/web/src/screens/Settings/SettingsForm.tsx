import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { Scopes, SettingKeys, secretSettingKeys, twoFactorRequirements } from '@outpost/shared';
import { useConfig } from '../../api/config';
import { fieldErrorOf } from '../../api/fieldError';
import { useSaveSettings, type PanelSettings, type SettingsMap } from '../../api/settings';
import { notifyError, notifySuccess } from '../../components/notify';
import { useCan } from '../../hooks/useCan';
import { EmailSettingsCard } from './EmailSettingsCard';
import { settingLabels } from './emailProviderFields';

/** Panel and email settings in one form, saved together with POST /api/settings. */
export function SettingsForm({ initial }: { initial: PanelSettings }) {
  const { t } = useTranslation();
  const config = useConfig();
  const save = useSaveSettings();
  // Where mail goes and the master URL are an administrator's (the panel refuses anyone else): shown read-only.
  const mailAndAddressLocked = !useCan(Scopes.ServersAdmin);
  const [values, setValues] = useState<SettingsMap>(initial.values);
  const [secretsSet, setSecretsSet] = useState(initial.secretsSet);
  // The panel's refusal of one setting (an invalid master URL, no sender address), shown beside it until it changes.
  const [refused, setRefused] = useState<{ field: string; message: string }>();
  const set = (key: string, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    if (refused?.field === key) setRefused(undefined);
  };
  const errorOf = (key: string) => (refused?.field === key ? refused.message : undefined);

  // A saved secret now reads as "set", and its field empties again.
  const savedSecrets = (changes: SettingsMap) => {
    const saved = Object.keys(changes).filter((key) => secretSettingKeys.includes(key));
    if (saved.length === 0) return;
    setSecretsSet((old) => ({ ...old, ...Object.fromEntries(saved.map((key) => [key, true])) }));
    setValues((old) => ({ ...old, ...Object.fromEntries(saved.map((key) => [key, ''])) }));
  };

  const themes = config.data?.themes.available ?? [];

  // Secrets come back empty: an empty secret field means "keep", so it is not sent.
  const changed = () =>
    Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== initial.values[key] && !(secretSettingKeys.includes(key) && value === '')),
    );

  /** Saves what changed (nothing to do when nothing did); rejects with the call's error. */
  const saveChanges = async () => {
    const changes = changed();
    if (Object.keys(changes).length === 0) return;
    await save.mutateAsync(changes);
    savedSecrets(changes);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Mail goes nowhere without a sender: said beside the field before anything is sent.
    const provider = values[SettingKeys.emailProvider] || 'none';
    if (provider !== 'none' && !(values[SettingKeys.emailFrom] ?? '').trim()) {
      setRefused({ field: SettingKeys.emailFrom, message: t('errors.ErrFieldRequired', { field: t(settingLabels[SettingKeys.emailFrom]) }) });
      return;
    }
    const changes = changed();
    save.mutate(changes, {
      onSuccess: () => {
        savedSecrets(changes);
        notifySuccess(t('toast.saved'));
      },
      onError: (error) => {
        const wrong = fieldErrorOf(t, error, Object.keys(settingLabels), (key) => t(settingLabels[key]));
        if (wrong) setRefused(wrong);
        else notifyError(error);
      },
    });
  };

  const text = (key: string, props: { placeholder?: string; description?: string; readOnly?: boolean } = {}) => (
    <TextInput
      key={key}
      label={t(settingLabels[key])}
      value={values[key] ?? ''}
      onChange={(e) => set(key, e.currentTarget.value)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={errorOf(key)}
      data-setting={key}
      // A field the caller may not change looks it, not only refuses typing.
      variant={props.readOnly ? 'filled' : undefined}
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
            {text(SettingKeys.masterUrl, {
              placeholder: 'https://panel.example.com',
              description: mailAndAddressLocked ? t('settings.adminOnly') : t('settings.masterUrlHint'),
              readOnly: mailAndAddressLocked,
            })}
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
          {/* Opens the panel's network to fetches users can aim: an administrator's, like mail. */}
          {!mailAndAddressLocked && (
            <Stack mt="md">
              {text(SettingKeys.allowPrivateTargets, { placeholder: '10.0.0.0/8, fd00::/8', description: t('settings.allowPrivateTargetsHint') })}
              {/* Who may sign in with a password alone: an administrator's too. */}
              <Select
                label={t(settingLabels[SettingKeys.requireTwoFactor])}
                description={t('settings.requireTwoFactorHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data={twoFactorRequirements.map((value) => ({ value, label: t(`settings.requireTwoFactorOptions.${value}`) }))}
                value={values[SettingKeys.requireTwoFactor] || 'off'}
                onChange={(value) => set(SettingKeys.requireTwoFactor, value ?? 'off')}
                allowDeselect={false}
                error={errorOf(SettingKeys.requireTwoFactor)}
                data-setting={SettingKeys.requireTwoFactor}
              />
            </Stack>
          )}
        </Paper>
        <EmailSettingsCard
          values={values}
          secretsSet={secretsSet}
          readOnly={mailAndAddressLocked}
          set={set}
          errorOf={errorOf}
          saveChanges={() =>
            saveChanges().catch((error: unknown) => {
              notifyError(error);
              throw error;
            })
          }
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
