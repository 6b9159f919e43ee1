import styled from 'styled-components';
import { ProgressBar } from '@app/shared/ui/progress-bar';
import type { UploadProgress as Progress } from '../api/upload-prospects';
import { progressText } from '../utils/upload-texts';

const StyledProgress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.9rem;
`;

export function UploadProgress({ progress }: { progress: Progress | null }) {
  return (
    <StyledProgress role="status">
      <span>{progressText(progress)}</span>
      <ProgressBar label="Upload progress" value={progress && progress.fraction > 0 ? progress.fraction * 100 : null} valueText={progressText(progress)} />
    </StyledProgress>
  );
}
