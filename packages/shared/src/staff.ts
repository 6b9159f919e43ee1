// The parts only signed-in screens use (dialogs, comboboxes, dates), kept out of
// the public pages' first load.
export * from './ui/dialog';
export * from './ui/combobox';
export * from './format/format';
// The tenant list is part of '@app/shared' (the header's picker needs it on every staff page); still offered here.
export { getTenants, tenantsQueryKey, tenantsQueryOptions, useTenants } from '@app/shared';
export * from './ui/timeline';
export * from './quotations/index';
