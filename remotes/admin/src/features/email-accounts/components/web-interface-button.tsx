import { Button, toast } from '@app/shared';
import { useWebInterfaceUrl } from '../api/get-web-interface-url';

export const WEB_INTERFACE_UNAVAILABLE = 'Web interface URL not available for this provider.';

/** A real link once the address is known: the browser opens it in a new tab without a popup check. */
export function WebInterfaceButton({ accountId }: { accountId: string }) {
  const url = useWebInterfaceUrl(accountId);
  if (url.data) {
    return (
      <Button as="a" href={url.data} target="_blank" rel="noopener noreferrer">
        Open Web Interface
      </Button>
    );
  }
  return (
    <Button disabled={url.isPending} onClick={() => toast({ title: 'Error', description: WEB_INTERFACE_UNAVAILABLE, variant: 'destructive' })}>
      Open Web Interface
    </Button>
  );
}
