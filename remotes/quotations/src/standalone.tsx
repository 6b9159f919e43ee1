import { renderStandalone } from '@app/shared';
import PublicQuotationPage from './pages/public-quotation-page';
import QuotationsPage from './pages/quotations-page';

renderStandalone({
  '/quotations': QuotationsPage,
  '/q/:token': PublicQuotationPage,
});
