/** Notes on prospects and leads, and a record's timeline. The rest of the server imports this module through this file only. */
export { notesRepository, writtenOn, type NotedRecordKind } from './repository';
export { notesRoutes } from './routes';
export { notesService } from './service';
