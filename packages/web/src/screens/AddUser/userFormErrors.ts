import { isEmail, isValidPassword, isValidUsername } from '@outpost/shared';
import { ApiError } from '../../api/ApiError';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

export type UserFormField = keyof UserFormValues;

/** A message to show under a field: its catalogue key, and the field whose label fills {{field}}. */
export interface FieldProblem {
  key: string;
  field?: UserFormField;
}

/**
 * The first rule of spec section 5 each field breaks, as the error code's message. With
 * `requirePassword` false (editing a user), an empty password keeps the current one.
 */
export function userFormErrors(values: UserFormValues, { requirePassword }: { requirePassword: boolean }): Partial<Record<UserFormField, FieldProblem>> {
  const problems: Partial<Record<UserFormField, FieldProblem>> = {};
  if (!values.username) problems.username = { key: 'errors.ErrFieldRequired', field: 'username' };
  else if (!isValidUsername(values.username)) problems.username = { key: 'errors.ErrUsernameRequirements' };
  const email = values.email.trim();
  if (!email) problems.email = { key: 'errors.ErrFieldRequired', field: 'email' };
  else if (!isEmail(email)) problems.email = { key: 'errors.ErrFieldNotEmail' };
  if (!values.password) {
    if (requirePassword) problems.password = { key: 'errors.ErrFieldRequired', field: 'password' };
  } else if (!isValidPassword(values.password)) problems.password = { key: 'errors.ErrPasswordRequirements' };
  if (values.confirm !== values.password) problems.confirm = { key: 'errors.ErrPasswordsNotIdentical' };
  return problems;
}

/** The field a 409 from the panel is about (a username or email another user has), if any. */
export function takenField(error: unknown): 'username' | 'email' | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ErrAlreadyExists') return undefined;
  const field = error.metadata?.field;
  return field === 'username' || field === 'email' ? field : undefined;
}
