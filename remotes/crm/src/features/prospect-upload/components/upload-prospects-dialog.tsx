import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, errorMessage, MutedText, SelectField, Skeleton, toast } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { useTenantCountry } from '@app/shared/tenants';
import { type BulkProspectsResponse, type UploadAssign } from '@app/shared/forms';
import { UploadInterruptedError, useUploadProspects, type UploadProgress as Progress } from '../api/upload-prospects';
import { useProspectFile } from '../hooks/use-prospect-file';
import { useUploadTenant } from '../hooks/use-upload-tenant';
import { countOf, importValidLabel, resultText, UPLOAD_TOAST_MS, uploadButtonLabel } from '../utils/upload-texts';
import { ColumnMapper } from './column-mapper';
import { UploadAssignField } from './upload-assign-field';
import { ProspectPreviewTable } from './prospect-preview-table';
import { UploadFilePicker } from './upload-file-picker';
import { UploadProgress } from './upload-progress';
import { RowWarnings, ValidationErrors } from './validation-errors';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The spec's title; the description names the other formats the dialog also reads. */
export const UPLOAD_DIALOG_TITLE = 'Upload JSON File';

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
  // A team is the chosen tenant's: another tenant starts again from the uploader.
  const [assignChoice, setAssignChoice] = useState<{ tenantId: string; assign: UploadAssign }>({ tenantId: '', assign: 'uploader' });
  const assign = assignChoice.tenantId === tenantId ? assignChoice.assign : 'uploader';
  const country = useTenantCountry(tenantId);
  const { items, rows, errors, warnings, fileName, fileError, table, fileInput, onFile } = useProspectFile({ onChosen: () => setResult(null), country });
  const upload = useUploadProspects();
  const uploading = upload.isPending;
  // checkRecords gives each bad row one error: the other rows are the valid ones.
  const valid = items.length - errors.length;
  const canUpload = valid > 0 && Boolean(tenantId) && !uploading && !result;

  const startUpload = () => {
    // The button is disabled in these cases; the checks guard a stale click.
    if (items.length === 0) return toast({ title: 'Error', description: 'No data to upload', variant: 'destructive' });
    if (!tenantId) return toast({ title: 'Error', description: 'Please select a tenant', variant: 'destructive' });
    if (valid === 0) return toast({ title: 'Error', description: 'Please fix validation errors before uploading', variant: 'destructive' });
    setProgress(null);
    // Every row goes up as the file has it: the server cleans and checks each again, saves the valid
    // ones and keeps the others, with their reasons, in the import's refused rows.
    upload.mutate(
      { tenantId, items: rows, onProgress: setProgress, fileName: fileName ?? undefined, assign },
      {
        onSuccess: (answer) => {
          if (answer.total_errors > 0) {
            toast({ title: 'Partial Success', description: resultText(answer), duration: UPLOAD_TOAST_MS });
            setResult(answer);
            return;
          }
          const title = `Successfully uploaded ${countOf(answer.total_created, 'prospect')}`;
          if (answer.total_warned > 0) {
            // The dialog stays open on the warnings; Imports keeps them to download.
            toast({ title, description: resultText(answer), variant: 'success', duration: UPLOAD_TOAST_MS });
            setResult(answer);
            return;
          }
          toast({
            title,
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
    <Dialog isOpen onDismiss={dismiss} title={UPLOAD_DIALOG_TITLE} description="Add many prospects at once from a .json, .csv or .xlsx file." width="800px">
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
        {tenantId && (
          <UploadAssignField tenantId={tenantId} value={assign} disabled={uploading} onChange={(next) => setAssignChoice({ tenantId, assign: next })} />
        )}
        <UploadFilePicker inputRef={fileInput} disabled={uploading} onFile={(event) => void onFile(event)} />
        {fileError && (
          <MutedText role="alert" data-testid="upload-file-error">
            {fileError}
          </MutedText>
        )}
        {table && !uploading && !result && <ColumnMapper table={table.table} mapping={table.mapping} onChange={table.setMapping} />}
        {items.length > 0 && <ProspectPreviewTable items={items} errors={result ? [] : errors} warnings={result ? [] : warnings} />}
        {!result && (
          <>
            <ValidationErrors
              title="Validation Errors"
              errors={errors}
              note={
                valid > 0
                  ? `Fix the file and choose it again, or ${importValidLabel(valid).toLowerCase()}: the others go to the import's refused rows with their reasons.`
                  : undefined
              }
            />
            <RowWarnings title="Rows with warnings" warnings={warnings} note="These rows are imported without the values named below." />
          </>
        )}
        {result && (
          <>
            <MutedText role="status">{resultText(result)}</MutedText>
            <ValidationErrors title="Rows not uploaded" errors={result.errors} />
            <RowWarnings title="Rows imported with warnings" warnings={result.warnings} note="Imports keeps them, with all they held, to download." />
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
            {errors.length > 0 && valid > 0 && !uploading ? importValidLabel(valid) : uploadButtonLabel(items.length, uploading)}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
