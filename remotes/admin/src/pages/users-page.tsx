import { PageTitle } from '@app/shared';

export default function UsersPage() {
  return (
    <section>
      <PageTitle>User Management</PageTitle>
    </section>
  );
}
