import { renderStandalone } from '@app/shared';
import CrmPage from './pages/crm-page';

renderStandalone({
  '/crm': CrmPage,
});
