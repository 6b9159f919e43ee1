/** The six features of the flagship product, in the order the product card shows them. */
export const productFeatures = [
  'Automated payroll processing',
  'Real-time financial analytics',
  'HR management and compliance',
  'Advanced security and compliance',
  'Seamless integrations',
  '24/7 customer support',
] as const;

export const productDescription =
  'Run payroll in minutes, see cash flow as it happens and keep every employee record compliant, without juggling spreadsheets and separate tools.';
