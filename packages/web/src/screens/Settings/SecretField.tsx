import { useState } from 'react';
import { Badge, Button, Group, Input, PasswordInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';

interface SecretFieldProps {
  label: string;
  /** Whether the panel holds a value; it never sends it back. */
  isSet: boolean;
  /** Only says whether one is stored, with no way to replace it. */
  readOnly?: boolean;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** A write-only setting: "set" with a Replace button when one is stored, else a password field. */
export function SecretField({ label, isSet, readOnly = false, value, onChange, testId }: SecretFieldProps) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(!isSet);
  if (readOnly) {
    return (
      <Input.Wrapper label={label}>
        <Group gap="sm" mih={36}>
          <Badge color={isSet ? 'teal' : 'gray'} variant="light" data-testid={`${testId}-${isSet ? 'set' : 'unset'}`}>
            {isSet ? t('emailSettings.secretSet') : t('emailSettings.secretUnset')}
          </Badge>
        </Group>
      </Input.Wrapper>
    );
  }
  if (!replacing) {
    return (
      <Input.Wrapper label={label}>
        <Group gap="sm" mih={36}>
          <Badge color="teal" variant="light" data-testid={`${testId}-set`}>
            {t('emailSettings.secretSet')}
          </Badge>
          <Button size="xs" variant="default" onClick={() => setReplacing(true)} data-testid={`${testId}-replace`}>
            {t('emailSettings.replace')}
          </Button>
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <PasswordInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={isSet ? t('settings.secretPlaceholder') : undefined}
      autoComplete="new-password"
      data-testid={testId}
    />
  );
}
