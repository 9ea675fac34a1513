import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { takenField, userFormErrors } from './userFormErrors';

const good = { username: 'new_person', email: 'new@example.com', password: 'long enough', confirm: 'long enough' };
const report = { method: 'POST', url: '/api/users', status: 409, statusText: 'Conflict' };

describe('the user form', () => {
  it('passes a complete, valid user', () => {
    expect(userFormErrors(good, { requirePassword: true })).toEqual({});
  });

  it("names the first rule of spec section 5 each field breaks, as that rule's error message", () => {
    expect(userFormErrors({ username: '', email: '', password: '', confirm: '' }, { requirePassword: true })).toEqual({
      username: { key: 'errors.ErrFieldRequired', field: 'username' },
      email: { key: 'errors.ErrFieldRequired', field: 'email' },
      password: { key: 'errors.ErrFieldRequired', field: 'password' },
    });
    expect(userFormErrors({ username: 'abc', email: 'not-mail', password: 'short', confirm: 'shirt' }, { requirePassword: true })).toEqual({
      username: { key: 'errors.ErrUsernameRequirements' },
      email: { key: 'errors.ErrFieldNotEmail' },
      password: { key: 'errors.ErrPasswordRequirements' },
      confirm: { key: 'errors.ErrPasswordsNotIdentical' },
    });
    expect(userFormErrors({ ...good, username: 'has space' }, { requirePassword: true }).username?.key).toBe('errors.ErrUsernameRequirements');
  });

  it('lets an edit leave the password empty, but not half-typed or unconfirmed', () => {
    expect(userFormErrors({ ...good, password: '', confirm: '' }, { requirePassword: false })).toEqual({});
    expect(userFormErrors({ ...good, password: 'abc', confirm: 'abc' }, { requirePassword: false }).password?.key).toBe('errors.ErrPasswordRequirements');
    expect(userFormErrors({ ...good, confirm: '' }, { requirePassword: false }).confirm?.key).toBe('errors.ErrPasswordsNotIdentical');
  });

  it('reads which field a 409 from the panel is about', () => {
    expect(takenField(new ApiError(report, 'ErrAlreadyExists', 'taken', { field: 'email' }))).toBe('email');
    expect(takenField(new ApiError(report, 'ErrAlreadyExists', 'taken', { field: 'username' }))).toBe('username');
    expect(takenField(new ApiError(report, 'ErrLastAdmin', 'no'))).toBeUndefined();
    expect(takenField(new Error('x'))).toBeUndefined();
  });
});
