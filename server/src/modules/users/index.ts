/** Users and groups, their passwords, and who may be named in a tenant's data. The rest of the server imports this module through this file only. */
export { burnPasswordCheck, hashPassword, setPasswordHashCost, verifyPassword } from './passwords';
export { groupsRepository, usersRepository } from './repository';
export { usersRoutes } from './routes';
export { toSessionUser, usersService, type UserSessions } from './service';
export { assertTenantUser } from './tenant-users';
