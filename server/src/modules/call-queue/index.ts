/** The caller's queue: the next prospect to call, its card and the call's outcome. The rest of the server imports this module through this file only. */
export { callQueueRoutes } from './routes';
export { callQueueService } from './service';
export { callbackDueSource } from './callback-due';
