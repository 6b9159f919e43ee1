// The loading text of a screen lives in the shared kit; kept here so the screens import it as before.
export { LoadingState } from '@app/shared';
