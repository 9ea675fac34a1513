import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { notifyError, notifyWarning } from '../../components/notify';
import { takenField, userFormErrors, type FieldProblem, type UserFormField, type UserFormValues } from './userFormErrors';

interface UserFormProps {
  initial?: { username: string; email: string };
  /** True when adding a user; editing keeps the current password when the field is left empty. */
  requirePassword: boolean;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** The email shown read-only and no password fields: setting another's is an administrator's (the panel refuses anyone else). */
  loginLocked?: boolean;
  /** Sends the values; a rejection is shown as a toast, and one naming a taken username or email marks that field too. */
  onSubmit: (values: UserFormValues) => Promise<void>;
}

/** Username, email, password and its confirmation, checked by the rules of spec section 5 before anything is sent. */
export function UserForm({ initial, requirePassword, submitLabel, pending, disabled = false, loginLocked = false, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<UserFormValues>({ username: initial?.username ?? '', email: initial?.email ?? '', password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const [taken, setTaken] = useState<'username' | 'email' | undefined>();
  const problems = userFormErrors(values, { requirePassword });

  const message = (field: UserFormField): string | undefined => {
    if (taken === field) return t(field === 'username' ? 'users.takenUsername' : 'users.takenEmail');
    const problem: FieldProblem | undefined = touched ? problems[field] : undefined;
    return problem && t(problem.key, problem.field ? { field: t(`fields.${problem.field}`) } : undefined);
  };
  const set = (field: UserFormField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
    if (taken === field) setTaken(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    try {
      await onSubmit({ ...values, email: values.email.trim() });
      setValues((old) => ({ ...old, password: '', confirm: '' }));
      setTouched(false);
    } catch (error) {
      const field = takenField(error);
      setTaken(field);
      if (field) notifyWarning(t(field === 'username' ? 'users.takenUsername' : 'users.takenEmail'));
      else notifyError(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput label={t('fields.username')} name="username" autoComplete="off" value={values.username} onChange={set('username')} error={message('username')} disabled={disabled} />
        <TextInput
          label={t('fields.email')}
          description={loginLocked && !disabled ? t('users.loginAdminOnly') : undefined}
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
          error={message('email')}
          disabled={disabled}
          readOnly={loginLocked}
        />
        {!loginLocked && (
          <>
            <PasswordInput
              label={requirePassword ? t('fields.password') : t('fields.newPassword')}
              description={requirePassword ? undefined : t('users.passwordKeep')}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              error={message('password')}
              disabled={disabled}
            />
            <PasswordInput
              label={t('fields.confirmPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirm}
              onChange={set('confirm')}
              error={message('confirm')}
              disabled={disabled}
            />
          </>
        )}
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" loading={pending} data-testid="user-form-submit">
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
