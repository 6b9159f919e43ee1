import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  Dialog,
  DialogFooter,
  errorMessage,
  MutedText,
  parseProspectFile,
  ProgressBar,
  PROSPECT_TEMPLATE,
  saveFile,
  SelectField,
  Skeleton,
  StyledInput,
  toast,
  useSelectedTenantId,
  useTenants,
  type BulkProspectsResponse,
  type UploadItem,
} from '@app/shared';
import { UploadInterruptedError, useUploadProspects, type UploadProgress } from '../api/upload-prospects';
import { ProspectPreviewTable } from './prospect-preview-table';
import { ValidationErrors } from './validation-errors';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const StyledFileRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledFileField = styled.div`
  flex: 1 1 16rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  label { font-weight: 600; font-size: 0.9rem; }
  input { padding-top: ${({ theme }) => theme.space(1.5)}; cursor: pointer; }
`;

const StyledProgress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.9rem;
`;

const UPLOAD_TOAST_MS = 4000;

export const TEMPLATE_FILE_NAME = 'prospects_template.json';

/** Saves the two sample prospects as prospects_template.json. */
export function downloadTemplate() {
  saveFile(new Blob([JSON.stringify(PROSPECT_TEMPLATE, null, 2)], { type: 'application/json' }), TEMPLATE_FILE_NAME);
}

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file);
  });
}

export function uploadButtonLabel(count: number, uploading: boolean): string {
  return uploading ? 'Uploading...' : `Upload ${count} Prospects`;
}

function progressText(progress: UploadProgress | null): string {
  if (!progress) return 'Starting upload...';
  const percent = Math.round(progress.fraction * 100);
  const done = progress.doneRows.toLocaleString('en-US');
  const total = progress.totalRows.toLocaleString('en-US');
  const verb = progress.phase === 'uploading' ? 'Uploading' : 'Processing';
  return `${verb}... ${done} of ${total} prospects saved (${percent}%)`;
}

type Parsed = { items: Partial<UploadItem>[]; errors: string[] };

export function UploadProspectsDialog({ onDismiss }: { onDismiss: () => void }) {
  const tenants = useTenants();
  const [selectedTenantId] = useSelectedTenantId();
  const [tenantId, setTenantId] = useState('');
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<BulkProspectsResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadProspects();
  const uploading = upload.isPending;
  const { refetch } = tenants;
  const tenantList = useMemo(() => tenants.data ?? [], [tenants.data]);

  // The tenant list is loaded afresh whenever the dialog opens (spec section 2).
  useEffect(() => {
    void refetch();
  }, [refetch]);

  // The tenant the header shows is preselected; otherwise the first one.
  useEffect(() => {
    if (tenantId || tenantList.length === 0) return;
    setTenantId(tenantList.some((tenant) => tenant.id === selectedTenantId) ? selectedTenantId! : tenantList[0]!.id);
  }, [tenantId, tenantList, selectedTenantId]);

  const items = parsed?.items ?? [];
  const errors = parsed?.errors ?? [];
  const canUpload = items.length > 0 && errors.length === 0 && Boolean(tenantId) && !uploading && !result;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setParsed(null);
    setFileError(null);
    setResult(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json')) {
      setFileError('Please upload a JSON file');
      toast({ title: 'Invalid File', description: 'Please upload a JSON file', variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    let outcome;
    try {
      outcome = parseProspectFile(await readText(file));
    } catch (error) {
      outcome = { ok: false as const, error: `Failed to parse JSON file: ${(error as Error).message}` };
    }
    if (!outcome.ok) {
      setFileError(outcome.error);
      toast({ title: 'Error', description: outcome.error, variant: 'destructive' });
      return;
    }
    setParsed({ items: outcome.items, errors: outcome.errors });
    if (outcome.errors.length > 0) {
      toast({ title: 'Validation Errors', description: `${outcome.errors.length} errors found in the JSON file`, variant: 'destructive' });
    } else {
      toast({
        title: 'File Loaded',
        description: `JSON file loaded successfully. ${outcome.items.length} prospects found.`,
        duration: UPLOAD_TOAST_MS,
      });
    }
  };

  const startUpload = () => {
    // The button is disabled in these cases; the checks guard a stale click.
    if (items.length === 0) return toast({ title: 'Error', description: 'No data to upload', variant: 'destructive' });
    if (!tenantId) return toast({ title: 'Error', description: 'Please select a tenant', variant: 'destructive' });
    if (errors.length > 0) return toast({ title: 'Error', description: 'Please fix validation errors before uploading', variant: 'destructive' });
    setProgress(null);
    upload.mutate(
      { tenantId, items, onProgress: setProgress },
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
        onError: (failure) => {
          const cause = failure instanceof UploadInterruptedError ? failure.cause : failure;
          const saved = failure instanceof UploadInterruptedError ? ` ${failure.created} prospects were created before the failure.` : '';
          const description =
            cause instanceof ApiError
              ? errorMessage(cause, 'Failed to upload prospects')
              : `Failed to upload prospects: ${cause instanceof Error && cause.message ? cause.message : 'Unknown error'}`;
          toast({ title: 'Error', description: description + saved, variant: 'destructive', duration: UPLOAD_TOAST_MS });
        },
      },
    );
  };

  const dismiss = () => {
    if (!uploading) onDismiss();
  };

  const serverErrors = (result?.errors ?? []).map((error) => `Row ${error.row}: ${error.detail}`);

  return (
    <Dialog isOpen onDismiss={dismiss} title="Upload JSON File" description="Add many prospects at once from a .json file." width="800px">
      <StyledBody>
        {tenants.isPending ? (
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
        <StyledFileRow>
          <StyledFileField>
            <label htmlFor="prospect-upload-file">JSON file</label>
            <StyledInput
              ref={fileInput}
              id="prospect-upload-file"
              type="file"
              accept=".json,application/json"
              disabled={uploading}
              onChange={(event) => void onFile(event)}
            />
          </StyledFileField>
          <Button $variant="secondary" onClick={downloadTemplate}>
            Download Template
          </Button>
        </StyledFileRow>
        {fileError && (
          <MutedText role="alert" data-testid="upload-file-error">
            {fileError}
          </MutedText>
        )}
        {items.length > 0 && <ProspectPreviewTable items={items} />}
        <ValidationErrors title="Validation Errors" errors={errors} />
        {result && (
          <>
            <MutedText role="status">
              Created {result.total_created} prospects. {result.total_errors} errors occurred.
            </MutedText>
            <ValidationErrors title="Rows not uploaded" errors={serverErrors} />
          </>
        )}
        {uploading && (
          <StyledProgress role="status">
            <span>{progressText(progress)}</span>
            <ProgressBar
              label="Upload progress"
              value={progress && progress.fraction > 0 ? progress.fraction * 100 : null}
              valueText={progressText(progress)}
            />
          </StyledProgress>
        )}
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

export function UploadProspectsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        Upload JSON
      </Button>
      {open && <UploadProspectsDialog onDismiss={() => setOpen(false)} />}
    </>
  );
}
