import { TENANT, user } from '../../../../test/fixtures';
import { EMPTY_USER_FORM, toCreateUser, toUpdateUser, userFormValues, validateUserForm } from '../user-form';

describe('validateUserForm', () => {
  it('requires an email and, for a new user, a password of 8 or more characters', () => {
    expect(validateUserForm(EMPTY_USER_FORM, { passwordRequired: true })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: 'not-an-email', password: 'short' }, { passwordRequired: true })).toEqual({
      email: 'Must be a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
    expect(validateUserForm({ ...EMPTY_USER_FORM, email: ' New@Example.com ', password: 'long-enough' }, { passwordRequired: true })).toEqual({});
  });

  it('lets an edit leave the password blank', () => {
    expect(validateUserForm({ ...userFormValues(user(1)), password: '' }, { passwordRequired: false })).toEqual({});
  });
});

describe('request bodies', () => {
  it('creates with trimmed values and no tenant as null', () => {
    expect(toCreateUser({ ...EMPTY_USER_FORM, email: ' New@Example.com ', fullName: '  Nia New ', password: 'secret-123', isStaff: true })).toEqual({
      email: 'new@example.com',
      full_name: 'Nia New',
      password: 'secret-123',
      tenant_id: null,
      is_admin: false,
      is_staff: true,
      is_active: true,
      visibility: 'all',
    });
  });

  it('updates only what changed, and the password only when given', () => {
    const existing = user(1, { tenant_id: TENANT.id });
    expect(toUpdateUser(existing, userFormValues(existing))).toEqual({});
    expect(toUpdateUser(existing, { ...userFormValues(existing), fullName: 'Renamed', tenantId: '', isActive: false, password: 'new-password' })).toEqual({
      full_name: 'Renamed',
      tenant_id: null,
      is_active: false,
      password: 'new-password',
    });
  });

  it('sends the visibility chosen, on create and only when it changed on edit', () => {
    expect(toCreateUser({ ...EMPTY_USER_FORM, email: 'a@example.com', password: 'secret-123', visibility: 'team' }).visibility).toBe('team');
    const existing = user(1, { visibility: 'own' });
    expect(userFormValues(existing).visibility).toBe('own');
    expect(toUpdateUser(existing, { ...userFormValues(existing), visibility: 'all' })).toEqual({ visibility: 'all' });
  });
});
