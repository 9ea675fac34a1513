import { isEmail, isValidPassword, isValidUsername } from '@outpost/shared';

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

/** Spec section 5 rules, as catalogue keys of the error to show under each field. */
export function validateRegistration(form: RegistrationForm): Partial<Record<keyof RegistrationForm, string>> {
  const errors: Partial<Record<keyof RegistrationForm, string>> = {};
  if (!isValidUsername(form.username)) errors.username = 'errors.ErrUsernameRequirements';
  if (!isEmail(form.email)) errors.email = 'errors.ErrFieldNotEmail';
  if (!isValidPassword(form.password)) errors.password = 'errors.ErrPasswordRequirements';
  if (form.confirm !== form.password) errors.confirm = 'errors.ErrPasswordsNotIdentical';
  return errors;
}
