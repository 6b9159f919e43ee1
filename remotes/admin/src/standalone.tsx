import { renderStandalone } from '@app/shared';
import MessagesPage from './pages/messages-page';
import EmailPage from './pages/email-page';
import UsersPage from './pages/users-page';

renderStandalone({
  '/messages': MessagesPage,
  '/email': EmailPage,
  '/users': UsersPage,
});
