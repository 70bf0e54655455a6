export function AuditLogPage() {
  return null;
}
