export { staffRoutes, staffSessionAdminRoutes, type StaffRoutesOptions } from './routes.ts';
