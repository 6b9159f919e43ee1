import { PageTitle } from '@app/shared';

export default function MessagesPage() {
  return (
    <section>
      <PageTitle>Customer Messages</PageTitle>
    </section>
  );
}
