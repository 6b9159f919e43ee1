import type { ChangeEvent, RefObject } from 'react';
import styled from 'styled-components';
import { Button, StyledInput } from '@app/shared';
import { UPLOAD_ACCEPT } from '../utils/read-upload-file';
import { downloadTemplate } from '../utils/template-file';

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

export interface UploadFilePickerProps {
  inputRef: RefObject<HTMLInputElement>;
  disabled: boolean;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The file chooser (JSON, CSV or Excel) and the template that shows the JSON format. */
export function UploadFilePicker({ inputRef, disabled, onFile }: UploadFilePickerProps) {
  return (
    <StyledFileRow>
      <StyledFileField>
        <label htmlFor="prospect-upload-file">JSON file (or .csv, .xlsx)</label>
        <StyledInput ref={inputRef} id="prospect-upload-file" type="file" accept={UPLOAD_ACCEPT} disabled={disabled} onChange={onFile} />
      </StyledFileField>
      <Button $variant="secondary" onClick={downloadTemplate}>
        Download Template
      </Button>
    </StyledFileRow>
  );
}
