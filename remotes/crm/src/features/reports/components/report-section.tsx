import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ErrorPanel, toast } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import type { ReportKind } from '@app/shared/forms';
import { downloadReportCsv } from '../api/download-report-csv';
import type { ReportFilters } from '../api/report-query';

const StyledSection = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  header { display: flex; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; margin-bottom: ${({ theme }) => theme.space(3)}; }
  h2 { font-size: 1.125rem; margin: 0; }
`;

const StyledBlocked = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ReportSectionProps<T> {
  kind: ReportKind;
  title: string;
  tenantId: string;
  /** Undefined while the filters are invalid: the report shows `blocked` instead of any figures. */
  filters: ReportFilters | undefined;
  blocked: string;
  query: { data?: T; isPending: boolean; isError: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** One report: its heading, its CSV download (the server's file, with the same filters) and its figures. */
export function ReportSection<T>({ kind, title, tenantId, filters, blocked, query, children }: ReportSectionProps<T>) {
  const [downloading, setDownloading] = useState(false);
  const headingId = `report-${kind}-heading`;
  const download = async () => {
    if (!filters) return;
    setDownloading(true);
    try {
      await downloadReportCsv(tenantId, kind, filters);
    } catch (error) {
      toast({ title: 'Download failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <StyledSection aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>{title}</h2>
        <Button $variant="secondary" onClick={() => void download()} disabled={downloading || !filters} aria-label={`Download CSV: ${title}`}>
          {downloading ? 'Downloading...' : 'Download CSV'}
        </Button>
      </header>
      {!filters ? (
        <StyledBlocked>{blocked}</StyledBlocked>
      ) : query.isPending ? (
        <LoadingState label={`Loading ${title.toLowerCase()}...`} />
      ) : query.isError || !query.data ? (
        <ErrorPanel title={`Failed to load ${title.toLowerCase()}`} message="The report could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </StyledSection>
  );
}
