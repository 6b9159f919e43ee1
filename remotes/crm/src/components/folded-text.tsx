import { useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@app/shared';

/** How many lines a long text shows until it is unfolded. */
export const FOLDED_LINES = 6;

const StyledText = styled.p<{ $folded: boolean }>`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
  ${({ $folded }) =>
    $folded &&
    `
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: ${FOLDED_LINES};
    overflow: hidden;
  `}
`;

const StyledToggle = styled(Button)`
  margin-top: ${({ theme }) => theme.space(1)};
`;

/**
 * A text as written (line breaks kept), folded after a few lines when it is longer, with Show more
 * and Show less: a note of 10,000 characters no longer fills the page, at any width. Whether it is
 * longer is measured as laid out, so a short text never offers a button that shows nothing more.
 */
export function FoldedText({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return undefined;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    // The width (a phone turned, a window resized) decides how many lines the text takes.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [text, open]);

  return (
    <div className={className}>
      <StyledText ref={ref} id={id} dir="auto" $folded={!open}>
        {text}
      </StyledText>
      {(overflows || open) && (
        <StyledToggle type="button" $variant="ghost" $size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
          {open ? 'Show less' : 'Show more'}
        </StyledToggle>
      )}
    </div>
  );
}
