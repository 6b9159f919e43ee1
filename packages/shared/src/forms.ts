// The contracts and form validation, for the browser: zod runs without eval here (zod-config).
import './zod-config';
export * from './contracts/index';
export * from './form/form-errors';
export * from './form/use-form-fields';
export * from './crm/prospect-upload';
