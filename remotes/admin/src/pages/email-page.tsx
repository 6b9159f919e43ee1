import { EmailAccountsView } from '../features/email-accounts/components/email-accounts-view';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function EmailPage() {
  useDocumentTitle('Email Accounts');
  return <EmailAccountsView />;
}
