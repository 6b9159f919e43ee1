// The parts only signed-in screens use (dialogs, comboboxes, dates, the tenant list), kept out of
// the public pages' first load.
export * from './ui/dialog';
export * from './ui/combobox';
export * from './format/format';
export * from './tenant/get-tenants';
export * from './ui/timeline';
export * from './quotations/index';
