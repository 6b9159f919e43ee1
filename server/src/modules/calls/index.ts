/** The calls made: one row per call, with its caller, prospect, goal and day. The rest of the server imports this module through this file only. */
export { callsRepository, type CallInput } from './repository';
