export { audit, staffId, type AuditEntry } from './audit-log.ts';
export { checkVersion, editAudited, versionConflict, type AuditedChange, type AuditedEdit } from './editing.ts';
