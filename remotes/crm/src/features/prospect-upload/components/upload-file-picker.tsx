import type { ChangeEvent, RefObject } from 'react';
import styled from 'styled-components';
import { Button, StyledInput } from '@app/shared';
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

/** The .json file chooser and the template that shows the format. */
export function UploadFilePicker({ inputRef, disabled, onFile }: UploadFilePickerProps) {
  return (
    <StyledFileRow>
      <StyledFileField>
        <label htmlFor="prospect-upload-file">JSON file</label>
        <StyledInput ref={inputRef} id="prospect-upload-file" type="file" accept=".json,application/json" disabled={disabled} onChange={onFile} />
      </StyledFileField>
      <Button $variant="secondary" onClick={downloadTemplate}>
        Download Template
      </Button>
    </StyledFileRow>
  );
}
