import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { Variable, VariableValue } from '@outpost/shared';
import { VariableField } from '../Server/settings/VariableField';

interface TemplateVariablesProps {
  variables: Record<string, Variable>;
  valueOf: (name: string) => VariableValue | undefined;
  onChange: (name: string, value: VariableValue) => void;
  /** Required variables still empty, marked once the user has tried to submit. */
  missing: string[];
}

/** A template's variables as form fields, or a plain line when it has none. */
export function TemplateVariables({ variables, valueOf, onChange, missing }: TemplateVariablesProps) {
  const { t } = useTranslation();
  const entries = Object.entries(variables);
  if (entries.length === 0) return <Text c="dimmed">{t('addServer.noVariables')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {entries.map(([name, variable]) => (
        <VariableField
          key={name}
          name={name}
          variable={variable}
          value={valueOf(name)}
          onChange={(value) => onChange(name, value)}
          error={missing.includes(name) ? t('errors.ErrFieldRequired', { field: variable.display || name }) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
