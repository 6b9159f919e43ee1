import { renderStandalone } from '@app/shared';
import MessagesPage from './pages/messages-page';
import EmailPage from './pages/email-page';
import UsersPage from './pages/users-page';
import AuditPage from './pages/audit-page';

renderStandalone({
  '/messages': MessagesPage,
  '/email': EmailPage,
  '/users': UsersPage,
  '/audit': AuditPage,
});
