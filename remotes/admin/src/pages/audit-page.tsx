import { AuditLogView } from '../features/audit-log/components/audit-log-view';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function AuditPage() {
  useDocumentTitle('Audit Log');
  return <AuditLogView />;
}
