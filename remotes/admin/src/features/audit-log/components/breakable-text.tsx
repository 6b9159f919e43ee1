import { Fragment } from 'react';
import { breakSegments } from '../utils/break-points';

/** Text (an email, a domain) that may wrap after its @ and dots, and nowhere else unless a part alone is wider than the cell. */
export function BreakableText({ text }: { text: string }) {
  return (
    <>
      {breakSegments(text).map((segment, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {segment}
        </Fragment>
      ))}
    </>
  );
}
