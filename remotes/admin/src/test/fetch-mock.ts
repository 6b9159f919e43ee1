// One network stub for every app's unit tests: the shared one.
export * from '@app/shared/testing/fetch-mock';
