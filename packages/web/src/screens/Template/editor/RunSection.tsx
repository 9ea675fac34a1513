import { Group, NumberInput, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { TemplateEditorForm } from '@outpost/shared';

type Props = { form: TemplateEditorForm; onChange: (form: TemplateEditorForm) => void };

const RUN_FLAGS = ['autostart', 'autorestart', 'autorecover'] as const;

/** Run configuration: the command (a line, or argv one argument a line), the working directory and the run flags. */
export function RunSection({ form, onChange }: Props) {
  const { t } = useTranslation();
  const argv = Array.isArray(form.command);
  return (
    <Stack gap="md">
      {argv ? (
        <Textarea
          label={t('templateEditor.command')}
          description={t('templateEditor.commandArgvHint')}
          required
          autosize
          minRows={3}
          ff="monospace"
          value={(form.command as string[]).join('\n')}
          onChange={(event) => onChange({ ...form, command: event.currentTarget.value.split('\n') })}
          data-testid="run-command"
        />
      ) : (
        <TextInput
          label={t('templateEditor.command')}
          description={t('templateEditor.commandHint')}
          required
          ff="monospace"
          value={form.command as string}
          error={(form.command as string).trim() === '' ? t('templateEditor.problems.required') : undefined}
          onChange={(event) => onChange({ ...form, command: event.currentTarget.value })}
          data-testid="run-command"
        />
      )}
      <TextInput
        label={t('templateEditor.workingDirectory')}
        description={t('templateEditor.workingDirectoryHint')}
        value={form.workingDirectory ?? ''}
        onChange={(event) => {
          const next: TemplateEditorForm = { ...form, workingDirectory: event.currentTarget.value };
          if (next.workingDirectory === '') delete next.workingDirectory;
          onChange(next);
        }}
        data-testid="run-workdir"
      />
      <Group gap="xl">
        {RUN_FLAGS.map((flag) => (
          <Switch key={flag} label={t(`serverAdmin.${flag}`)} description={t(`serverAdmin.${flag}Hint`)} checked={form[flag]} onChange={(event) => onChange({ ...form, [flag]: event.currentTarget.checked })} data-testid={`run-${flag}`} />
        ))}
      </Group>
    </Stack>
  );
}

/** Shutdown: a console command, or a signal number (spec: stop is command or signal). */
export function ShutdownSection({ form, onChange }: Props) {
  const { t } = useTranslation();
  const kind = form.stop?.type ?? 'none';
  const setKind = (next: string) => {
    const out = { ...form };
    if (next === 'command') out.stop = { type: 'command', value: '' };
    else if (next === 'signal') out.stop = { type: 'signal', value: 15 };
    else delete out.stop;
    onChange(out);
  };
  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={kind}
        onChange={setKind}
        data={[
          { value: 'command', label: t('templateEditor.stopCommand') },
          { value: 'signal', label: t('templateEditor.stopSignal') },
          { value: 'none', label: t('templateEditor.stopNone') },
        ]}
        data-testid="stop-kind"
      />
      {form.stop?.type === 'command' && (
        <TextInput label={t('templateEditor.stopCommand')} description={t('templateEditor.stopCommandHint')} ff="monospace" value={String(form.stop.value)} onChange={(event) => onChange({ ...form, stop: { type: 'command', value: event.currentTarget.value } })} data-testid="stop-command" />
      )}
      {form.stop?.type === 'signal' && (
        <NumberInput
          label={t('templateEditor.stopSignal')}
          description={t('templateEditor.stopSignalHint')}
          maw={240}
          min={1}
          max={64}
          allowDecimal={false}
          value={Number(form.stop.value)}
          onChange={(value) => typeof value === 'number' && onChange({ ...form, stop: { type: 'signal', value } })}
          data-testid="stop-signal"
        />
      )}
      {kind === 'none' && (
        <Text size="sm" c="dimmed">
          {t('templateEditor.stopNoneHint')}
        </Text>
      )}
    </Stack>
  );
}
