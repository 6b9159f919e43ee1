/**
 * Tasks on prospects and leads, My day and the calendar feed. A callback scheduled in the call queue
 * is a call task: the queue writes both in one transaction (tasksRepository.addForCallback), an
 * outcome marks both done, and ticking or deleting the task ends its callback (repository.ts).
 * The rest of the server imports this module through this file only.
 */
export { tasksRepository } from './repository';
export { calendarRoutes, tasksRoutes } from './routes';
export { tasksService } from './service';
export { taskDueSource } from './task-due';
