import type { Db } from '../../db/connection'
import type { ModuleRegistration } from '../../http/types'
import { listAudit, recordAudit, type AuditEntry, type AuditQuery, type AuditRecord } from './repo'

/** The audit log as the app carries it: the store's database unless a transaction is handed in. */
export interface Audit {
  record(entry: AuditEntry, tx?: Db): Promise<void>
  list(query: AuditQuery): Promise<AuditRecord[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log (the module's public face, `index.ts`). */
    audit: Audit
  }
}

export const auditModule: ModuleRegistration = (app, { database }) => {
  const audit: Audit = {
    record: (entry, tx) => recordAudit(tx ?? database.db, entry),
    list: (query) => listAudit(database.db, query),
  }
  app.decorate('audit', audit)
}
