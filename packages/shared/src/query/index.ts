// The query client's factory, for tests and for the one app client; screens use QueryScope from '@app/shared'.
export * from './query-client';
