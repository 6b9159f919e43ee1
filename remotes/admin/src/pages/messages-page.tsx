import { MessagesView } from '../features/messages/components/messages-view';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function MessagesPage() {
  useDocumentTitle('Customer Messages');
  return <MessagesView />;
}
