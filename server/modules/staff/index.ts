/**
 * The staff module's public face (README, The back office): staff accounts with roles, their sign-in
 * under `/admin/api/v1/auth`, and `requireStaff(...roles)`, the preHandler every back-office route of
 * any module is guarded by (`request.staff` is set once it lets a request in).
 */
export { staffModule } from './routes'
export { requireStaff, staffOf, type StaffOnRequest } from './require-staff'
export type { StaffService } from './service'
export type { StaffRole } from '../../../contract/values/staff'
