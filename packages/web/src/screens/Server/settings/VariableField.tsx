import { NumberInput, Select, Stack, Switch, TextInput, Autocomplete } from '@mantine/core';
import type { Variable, VariableValue } from '@outpost/shared';
import { Markdown } from './Markdown';

interface VariableFieldProps {
  name: string;
  variable: Variable;
  value: VariableValue | undefined;
  onChange: (value: VariableValue) => void;
  error?: string;
  disabled?: boolean;
}

/** One template variable edited by its type (spec server-page.md section 2.8). */
export function VariableField({ name, variable, value, onChange, error, disabled }: VariableFieldProps) {
  const label = variable.display || name;
  const required = (variable.required ?? true) && variable.type !== 'boolean';
  const description = variable.desc ? <Markdown text={variable.desc} size="xs" /> : undefined;
  const common = { label, description, error, disabled, required, 'data-variable': name };

  switch (variable.type ?? 'string') {
    case 'boolean':
      return (
        <Stack gap={2}>
          <Switch
            label={label}
            checked={value === true || value === 'true'}
            disabled={disabled}
            onChange={(event) => onChange(event.currentTarget.checked)}
            data-variable={name}
          />
          {description}
        </Stack>
      );
    case 'option':
      return (
        <Select
          {...common}
          allowDeselect={false}
          data={(variable.options ?? []).map((option) => ({ value: String(option.value), label: option.display || String(option.value) }))}
          value={value === undefined ? null : String(value)}
          onChange={(picked) => {
            const option = (variable.options ?? []).find((o) => String(o.value) === picked);
            if (option) onChange(option.value);
          }}
        />
      );
    case 'integer':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number(next))}
        />
      );
    default:
      // A string variable may suggest values through its options.
      if (variable.options?.length) {
        return (
          <Autocomplete
            {...common}
            data={variable.options.map((option) => String(option.value))}
            value={value === undefined ? '' : String(value)}
            onChange={onChange}
          />
        );
      }
      return <TextInput {...common} value={value === undefined ? '' : String(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

