import { createPortal } from 'react-dom';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { lightTheme, toast } from '@app/shared';
import { type PublicQuotation } from '@app/shared/forms';
import { QuotationDocument } from '../../../components/quotation-document';

const PRINT_ROOT = 'data-quotation-print';

// On paper only the quotation: everything else of the app, the open dialog included, is hidden.
const PrintStyle = createGlobalStyle`
  @media screen {
    [${PRINT_ROOT}] { display: none; }
  }
  @media print {
    body > *:not([${PRINT_ROOT}]) { display: none !important; }
    [${PRINT_ROOT}] { display: block; background: ${lightTheme.colors.surface}; color: ${lightTheme.colors.text}; }
    @page { margin: 16mm; }
  }
`;

/** The printable quotation, present while the builder is open and shown only when printing. */
export function PrintableQuotation({ quotation }: { quotation: PublicQuotation }) {
  return createPortal(
    <ThemeProvider theme={lightTheme}>
      <PrintStyle />
      <div {...{ [PRINT_ROOT]: '' }}>
        <QuotationDocument quotation={quotation} />
      </div>
    </ThemeProvider>,
    document.body,
  );
}

/** Opens the browser's print dialog with the quotation's number as the document's name. */
export function printQuotation(number: string) {
  const previousTitle = document.title;
  try {
    document.title = `QUOTATION ${number}`;
    window.print();
  } catch {
    toast({ title: 'Print failed', description: 'Failed to print quotation. Please try again.', variant: 'destructive' });
  } finally {
    document.title = previousTitle;
  }
}
