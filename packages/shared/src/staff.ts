// The parts only signed-in screens use (dialogs, comboboxes, dates), kept out of
// the public pages' first load.
export * from './ui/dialog';
export * from './ui/combobox';
export * from './format/format';
// The tenant list (also '@app/shared/tenants'), for the staff screens that import the rest from here.
export * from './tenants';
export * from './ui/timeline';
export * from './ui/stacked-table';
export * from './quotations/index';
