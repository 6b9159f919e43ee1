import { renderStandalone } from '@app/shared';
import QuotationsPage from './pages/quotations-page';

renderStandalone({
  '/quotations': QuotationsPage,
});
