// The tenant list (a react-query hook) on its own entry point: the header's picker and the CRM's first screen
// import it without the staff screens' dialogs and dates, and '@app/shared' stays free of react-query for the public pages.
export * from './tenant/get-tenants';
export * from './tenant/setup-access';
