import { ActionIcon, Button, Group, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { VARIABLE_TYPES, type EditorVariable, type VariableOption, type VariableType } from '@outpost/shared';
import { Markdown } from '../../Server/settings/Markdown';
import { OverlayDialog } from './OverlayDialog';
import { variableProblems, withVariableType } from './variableForm';

interface VariableDialogProps {
  variable: EditorVariable | null;
  isNew: boolean;
  /** The names of the other variables, which this one may not take. */
  otherNames: string[];
  /** In server mode the value is the server's current value, not a default. */
  mode: 'template' | 'server';
  onChange: (variable: EditorVariable) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** One variable in its overlay: the variable form of spec section 3. */
export function VariableDialog({ variable, isNew, otherNames, mode, onChange, onSave, onCancel }: VariableDialogProps) {
  const { t } = useTranslation();
  const problems = variable ? variableProblems(variable, otherNames) : {};
  const problem = (key: string) => problems[key] && t(`templateEditor.problems.${problems[key]}`);
  return (
    <OverlayDialog
      title={t(isNew ? 'templateEditor.addVariable' : 'templateEditor.editVariable')}
      opened={variable !== null}
      canSave={Object.keys(problems).length === 0}
      onSave={onSave}
      onCancel={onCancel}
      testId="variable-dialog"
    >
      {variable && (
        <>
          <TextInput
            label={t('templateEditor.variableName')}
            description={t('templateEditor.variableNameHint')}
            required
            value={variable.name}
            error={variable.name !== '' || !isNew ? problem('name') : undefined}
            onChange={(event) => onChange({ ...variable, name: event.currentTarget.value })}
            data-testid="variable-name"
            data-autofocus
          />
          <TextInput label={t('templateEditor.variableDisplay')} value={variable.display ?? ''} onChange={(event) => onChange({ ...variable, display: event.currentTarget.value })} data-testid="variable-display" />
          <Textarea
            label={t('templateEditor.variableDesc')}
            description={t('templateEditor.markdownHint')}
            autosize
            minRows={2}
            value={variable.desc ?? ''}
            onChange={(event) => onChange({ ...variable, desc: event.currentTarget.value })}
            data-testid="variable-desc"
          />
          {variable.desc && <Markdown text={variable.desc} size="xs" />}
          <Select
            label={t('templateEditor.variableType')}
            data={VARIABLE_TYPES.map((type) => ({ value: type, label: t(`templateEditor.variableTypes.${type}`) }))}
            value={variable.type ?? 'string'}
            allowDeselect={false}
            onChange={(type) => type && onChange(withVariableType(variable, type as VariableType))}
            data-testid="variable-type"
          />
          <ValueInput variable={variable} label={t(mode === 'server' ? 'templateEditor.variableValue' : 'templateEditor.variableDefault')} error={problem('value')} onChange={onChange} />
          <Switch label={t('templateEditor.variableRequired')} checked={variable.required !== false} onChange={(event) => onChange({ ...variable, required: event.currentTarget.checked })} data-testid="variable-required" />
          <Switch
            label={t('templateEditor.variableUserEdit')}
            description={t('templateEditor.variableUserEditHint')}
            checked={variable.userEdit !== false}
            onChange={(event) => onChange({ ...variable, userEdit: event.currentTarget.checked })}
            data-testid="variable-useredit"
          />
          {(variable.type === 'option' || variable.type === 'string' || variable.type === undefined) && (
            <OptionsEditor
              options={variable.options}
              hint={t(variable.type === 'option' ? 'templateEditor.optionsHint' : 'templateEditor.suggestionsHint')}
              problem={(index) => problem(`options.${index}`)}
              onChange={(options) => onChange({ ...variable, options })}
            />
          )}
        </>
      )}
    </OverlayDialog>
  );
}

function ValueInput({ variable, label, error, onChange }: { variable: EditorVariable; label: string; error?: string; onChange: (variable: EditorVariable) => void }) {
  const set = (value: EditorVariable['value']) => {
    const next = { ...variable, value };
    if (value === undefined) delete next.value;
    onChange(next);
  };
  switch (variable.type) {
    case 'boolean':
      return <Switch label={label} checked={variable.value === true} onChange={(event) => set(event.currentTarget.checked)} data-testid="variable-value" />;
    case 'integer':
      return <NumberInput label={label} value={typeof variable.value === 'number' ? variable.value : ''} error={error} onChange={(next) => set(typeof next === 'number' ? next : undefined)} data-testid="variable-value" />;
    case 'option': {
      const options = variable.options ?? [];
      return (
        <Select
          label={label}
          clearable
          data={options.filter((option) => String(option.value) !== '').map((option) => ({ value: String(option.value), label: option.display || String(option.value) }))}
          value={variable.value === undefined ? null : String(variable.value)}
          onChange={(next) => set(next === null ? undefined : options.find((option) => String(option.value) === next)?.value)}
          data-testid="variable-value"
        />
      );
    }
    default:
      return <TextInput label={label} value={variable.value === undefined ? '' : String(variable.value)} onChange={(event) => set(event.currentTarget.value)} data-testid="variable-value" />;
  }
}

/** The value/display pairs of an option variable (or suggestions of a string one). */
function OptionsEditor({ options = [], hint, problem, onChange }: { options?: VariableOption[]; hint: string; problem: (index: number) => string | undefined; onChange: (options: VariableOption[]) => void }) {
  const { t } = useTranslation();
  const edit = (index: number, option: VariableOption) => onChange(options.map((old, at) => (at === index ? option : old)));
  return (
    <Stack gap="xs" data-testid="variable-options">
      <div>
        <Text size="sm" fw={500}>
          {t('templateEditor.options')}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      {options.map((option, index) => (
        <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            aria-label={t('templateEditor.optionValue')}
            placeholder={t('templateEditor.optionValue')}
            style={{ flex: 1 }}
            value={String(option.value)}
            error={problem(index)}
            onChange={(event) => edit(index, { ...option, value: event.currentTarget.value })}
          />
          <TextInput
            aria-label={t('templateEditor.optionDisplay')}
            placeholder={t('templateEditor.optionDisplay')}
            style={{ flex: 1 }}
            value={option.display ?? ''}
            onChange={(event) => edit(index, { ...option, display: event.currentTarget.value })}
          />
          <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('templateEditor.remove', { name: String(option.value) })} onClick={() => onChange(options.filter((_, at) => at !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...options, { value: '' }])} data-testid="variable-options-add">
          {t('templateEditor.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}
