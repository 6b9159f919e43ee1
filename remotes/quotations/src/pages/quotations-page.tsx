import { PageTitle } from '@app/shared';

export default function QuotationsPage() {
  return (
    <section>
      <PageTitle>Quotations</PageTitle>
    </section>
  );
}
