import { PageTitle } from '@app/shared';

export default function EmailPage() {
  return (
    <section>
      <PageTitle>Email Accounts</PageTitle>
    </section>
  );
}
