/**
 * The audit log's public face: who signed in (or failed to), what was paid, refused and refunded, and
 * what operators did, one row each in `audit_log`. Other modules record with `app.audit.record(entry,
 * tx)` (register with 'audit' among their dependencies) or, without the app (an operator's command),
 * `recordAudit(db, entry)`; both take the caller's transaction so the entry commits with the change.
 */
export { auditModule, type Audit } from './routes'
export {
  AUDIT_MAX_PAGE,
  consoleOperator,
  listAudit,
  recordAudit,
  type AuditActor,
  type AuditActorKind,
  type AuditEntry,
  type AuditQuery,
  type AuditRecord,
} from './repo'
