/** A tenant's pipeline stages. The rest of the server imports this module through this file only. */
export { pipelineStagesRepository } from './repository';
export { pipelineStagesRoutes } from './routes';
export { pipelineStagesService } from './service';
