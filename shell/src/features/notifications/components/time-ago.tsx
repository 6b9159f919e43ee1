import { formatDistanceToNowStrict } from 'date-fns/formatDistanceToNowStrict';

/** "3 minutes ago", with the exact time on hover and for assistive technology in the element's datetime. */
export function TimeAgo({ at }: { at: string }) {
  const date = new Date(at);
  // A clock a little ahead of the server's would say "in 2 seconds": anything not past yet is now.
  const text = date.getTime() >= Date.now() - 45_000 ? 'just now' : formatDistanceToNowStrict(date, { addSuffix: true });
  return (
    <time dateTime={at} title={date.toLocaleString()}>
      {text}
    </time>
  );
}
