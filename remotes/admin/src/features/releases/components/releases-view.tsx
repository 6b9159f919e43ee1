import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage, ErrorPanel } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { useTenants } from '@app/shared/staff';
import { PageLayout } from '../../../components/page-layout';
import { useReleases } from '../api/get-releases';
import { RemoteReleaseCard } from './remote-release-card';

const StyledList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export function ReleasesView() {
  const releases = useReleases();
  const tenants = useTenants();
  const names = useMemo(() => new Map((tenants.data ?? []).map((tenant) => [tenant.id, tenant.name])), [tenants.data]);
  const tenantName = (id: string) => names.get(id) ?? id;

  let content: ReactNode;
  if (releases.isPending) content = <LoadingState label="Loading releases..." />;
  else if (releases.isError)
    content = (
      <ErrorPanel
        title="Failed to load releases"
        message={errorMessage(releases.error, 'The releases could not be loaded.')}
        onRetry={() => void releases.refetch()}
      />
    );
  else
    content = (
      <StyledList>
        {releases.data.remotes.map((release) => (
          <RemoteReleaseCard key={release.remote} release={release} tenantName={tenantName} />
        ))}
      </StyledList>
    );

  return (
    <PageLayout title="Releases" description="Which version of each remote is live, which is a canary and for whom, and how each version fares.">
      {content}
    </PageLayout>
  );
}
