export { useMayChangeSetup } from '@app/shared/tenants';

/** Why the setup controls are missing, shown in their place. */
export const SETUP_LOCKED_NOTE = 'Only admins change statuses, stages and goals in this tenant.';
