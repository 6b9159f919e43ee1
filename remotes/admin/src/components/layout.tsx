// Kept under their local names so the screens read the same; the styles live in the shared kit.
export { FormError as StyledFormError, FormStack as StyledFormStack, TwoColumns as StyledTwoColumns } from '@app/shared';
