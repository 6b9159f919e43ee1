import { useState, type ReactNode } from 'react';
import { EmptyState, errorMessage, ErrorPanel, MutedText, toast } from '@app/shared';
import { RefreshButton } from '@app/shared/ui/refresh-button';
import { saveFile } from '@app/shared/files/save-file';
import { ConfirmDialog } from '@app/shared/staff';
import { type ProspectImport } from '@app/shared/forms';
import { ListSkeleton } from '../../../components/list-skeleton';
import { StyledListFooter, StyledToolbar, StyledToolbarActions } from '../../../components/layout';
import { useImports } from '../api/get-imports';
import { useFetchRefusedRows } from '../api/get-refused-rows';
import { useFetchWarnedRows } from '../api/get-warned-rows';
import { useRevertImport } from '../api/revert-import';
import { REVERT_MESSAGE, revertedText } from '../utils/import-texts';
import { refusedRowsCsv, refusedRowsFileName, warnedRowsCsv, warnedRowsFileName } from '../utils/refused-rows-file';
import { ImportsTable, type ImportDownload } from './imports-table';

/** Every upload of prospects into the tenant: what it created and refused, and a way back. */
export function ImportsTab({ tenantId, uploadAction }: { tenantId: string; uploadAction?: ReactNode }) {
  const { data, isPending, isError, isFetching, refetch } = useImports(tenantId);
  const fetchRefusedRows = useFetchRefusedRows(tenantId);
  const fetchWarnedRows = useFetchWarnedRows(tenantId);
  const revert = useRevertImport(tenantId);
  const [reverting, setReverting] = useState<ProspectImport | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (entry: ProspectImport, kind: ImportDownload) => {
    setDownloading(entry.id);
    const csv = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });
    try {
      if (kind === 'refused') {
        const refused = await fetchRefusedRows(entry.id);
        saveFile(csv(refusedRowsCsv(refused.rows)), refusedRowsFileName(refused.file_name));
      } else {
        const warned = await fetchWarnedRows(entry.id);
        saveFile(csv(warnedRowsCsv(warned.rows)), warnedRowsFileName(warned.file_name));
      }
    } catch (failure) {
      const fallback = kind === 'refused' ? 'Failed to download the refused rows' : 'Failed to download the warnings';
      toast({ title: 'Error', description: errorMessage(failure, fallback), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  };

  const confirmRevert = (entry: ProspectImport) =>
    revert.mutate(entry.id, {
      onSuccess: (answer) => toast({ title: `Import reverted: ${entry.file_name}`, description: revertedText(answer), variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to revert the import'), variant: 'destructive' }),
      onSettled: () => setReverting(null),
    });

  let list: ReactNode;
  if (isPending) list = <ListSkeleton label="Loading imports..." count={3} />;
  else if (isError) list = <ErrorPanel title="Failed to load imports" message="The imports could not be loaded." onRetry={() => void refetch()} />;
  else if (data.length === 0)
    list = <EmptyState title="No imports yet" hint="Each upload of a JSON, CSV or Excel file of prospects is listed here." action={uploadAction} />;
  else list = <ImportsTable imports={data} downloading={downloading} onDownload={(entry, kind) => void download(entry, kind)} onRevert={setReverting} />;

  return (
    <>
      <StyledToolbar>
        <StyledToolbarActions>
          <RefreshButton onRefresh={() => void refetch()} refreshing={isFetching && !isPending} />
          {uploadAction}
        </StyledToolbarActions>
      </StyledToolbar>
      {data && data.length > 0 && (
        <StyledListFooter>
          <MutedText role="status">{data.length === 1 ? '1 import' : `${data.length} imports`}, newest first</MutedText>
        </StyledListFooter>
      )}
      {list}
      <ConfirmDialog
        isOpen={reverting !== null}
        title={`Revert import of ${reverting?.file_name ?? ''}?`}
        message={REVERT_MESSAGE}
        confirmLabel="Revert"
        busy={revert.isPending}
        onConfirm={() => reverting && confirmRevert(reverting)}
        onCancel={() => setReverting(null)}
      />
    </>
  );
}
