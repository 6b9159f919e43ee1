import { ReleasesView } from '../features/releases/components/releases-view';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function ReleasesPage() {
  useDocumentTitle('Releases');
  return <ReleasesView />;
}
