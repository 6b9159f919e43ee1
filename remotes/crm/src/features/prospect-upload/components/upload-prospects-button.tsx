import { OpenDialogButton } from '../../../components/open-dialog-button';
import { lazyPart } from '@app/shared';

const UploadProspectsDialog = lazyPart(() => import('./upload-prospects-dialog'), 'UploadProspectsDialog');

export function UploadProspectsButton() {
  return (
    <OpenDialogButton label="Upload JSON" preload={UploadProspectsDialog.preload}>
      {(close) => <UploadProspectsDialog onDismiss={close} />}
    </OpenDialogButton>
  );
}
