import { UsersView } from '../features/users/components/users-view';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function UsersPage() {
  useDocumentTitle('User Management');
  return <UsersView />;
}
