import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, errorMessage, MutedText, SelectField, Skeleton, toast } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { useTenantCountry } from '@app/shared/tenants';
import { type BulkProspectsResponse } from '@app/shared/forms';
import { UploadInterruptedError, useUploadProspects, type UploadProgress as Progress } from '../api/upload-prospects';
import { useProspectFile } from '../hooks/use-prospect-file';
import { useUploadTenant } from '../hooks/use-upload-tenant';
import { UPLOAD_TOAST_MS, uploadButtonLabel } from '../utils/upload-texts';
import { ColumnMapper } from './column-mapper';
import { ProspectPreviewTable } from './prospect-preview-table';
import { UploadFilePicker } from './upload-file-picker';
import { UploadProgress } from './upload-progress';
import { ValidationErrors } from './validation-errors';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The toast of a failed upload: the server's detail, or what went wrong, and how many rows were saved before. */
function failureText(failure: Error): string {
  const cause = failure instanceof UploadInterruptedError ? failure.cause : failure;
  const saved = failure instanceof UploadInterruptedError ? ` ${failure.created} prospects were created before the failure.` : '';
  const description =
    cause instanceof ApiError
      ? errorMessage(cause, 'Failed to upload prospects')
      : `Failed to upload prospects: ${cause instanceof Error && cause.message ? cause.message : 'Unknown error'}`;
  return description + saved;
}

export function UploadProspectsDialog({ onDismiss }: { onDismiss: () => void }) {
  const { tenantId, setTenantId, tenantList, loading } = useUploadTenant();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<BulkProspectsResponse | null>(null);
  const country = useTenantCountry(tenantId);
  const { items, errors, fileName, fileError, table, fileInput, onFile } = useProspectFile({ onChosen: () => setResult(null), country });
  const upload = useUploadProspects();
  const uploading = upload.isPending;
  const canUpload = items.length > 0 && errors.length === 0 && Boolean(tenantId) && !uploading && !result;

  const startUpload = () => {
    // The button is disabled in these cases; the checks guard a stale click.
    if (items.length === 0) return toast({ title: 'Error', description: 'No data to upload', variant: 'destructive' });
    if (!tenantId) return toast({ title: 'Error', description: 'Please select a tenant', variant: 'destructive' });
    if (errors.length > 0) return toast({ title: 'Error', description: 'Please fix validation errors before uploading', variant: 'destructive' });
    setProgress(null);
    upload.mutate(
      { tenantId, items, onProgress: setProgress, fileName: fileName ?? undefined },
      {
        onSuccess: (answer) => {
          if (answer.total_errors > 0) {
            toast({
              title: 'Partial Success',
              description: `Created ${answer.total_created} prospects. ${answer.total_errors} errors occurred.`,
              duration: UPLOAD_TOAST_MS,
            });
            setResult(answer);
            return;
          }
          toast({
            title: `Successfully uploaded ${answer.total_created} prospects`,
            description: 'Data uploaded successfully. The prospects have been added to your CRM.',
            variant: 'success',
            duration: UPLOAD_TOAST_MS,
          });
          onDismiss();
        },
        onError: (failure) => toast({ title: 'Error', description: failureText(failure), variant: 'destructive', duration: UPLOAD_TOAST_MS }),
      },
    );
  };

  const dismiss = () => {
    if (!uploading) onDismiss();
  };

  return (
    <Dialog isOpen onDismiss={dismiss} title="Upload JSON File" description="Add many prospects at once from a .json, .csv or .xlsx file." width="800px">
      <StyledBody>
        {loading ? (
          <Skeleton $height="2.5rem" aria-label="Loading tenants" />
        ) : tenantList.length === 0 ? (
          <MutedText role="alert">No tenants available. Please create a tenant first.</MutedText>
        ) : (
          <SelectField label="Tenant" value={tenantId} disabled={uploading} onChange={(event) => setTenantId(event.target.value)}>
            {tenantList.map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </SelectField>
        )}
        <UploadFilePicker inputRef={fileInput} disabled={uploading} onFile={(event) => void onFile(event)} />
        {fileError && (
          <MutedText role="alert" data-testid="upload-file-error">
            {fileError}
          </MutedText>
        )}
        {table && !uploading && !result && <ColumnMapper table={table.table} mapping={table.mapping} onChange={table.setMapping} />}
        {items.length > 0 && <ProspectPreviewTable items={items} />}
        <ValidationErrors title="Validation Errors" errors={errors} />
        {result && (
          <>
            <MutedText role="status">
              Created {result.total_created} prospects. {result.total_errors} errors occurred.
            </MutedText>
            <ValidationErrors title="Rows not uploaded" errors={result.errors} />
          </>
        )}
        {uploading && <UploadProgress progress={progress} />}
      </StyledBody>
      <DialogFooter>
        <Button $variant="secondary" onClick={dismiss} disabled={uploading}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {!result && (
          <Button onClick={startUpload} disabled={!canUpload}>
            {uploadButtonLabel(items.length, uploading)}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
