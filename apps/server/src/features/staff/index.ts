export { staffRoutes, staffSessionAdminRoutes, type StaffRoutesOptions } from './routes.ts';
export { staffAccountAdminRoutes } from './team-routes.ts';
export {
  default as staffTeamService,
  hasAnotherActiveOwner,
  lockTeamChanges,
  type StaffTeamOptions,
} from './team-service.ts';
