import { css, type DefaultTheme } from 'styled-components';

type Colour = keyof DefaultTheme['colors'];

/**
 * A box that scrolls sideways and shows it: a soft shadow on each side that still has more to scroll to.
 * The shadows are fixed to the box; covers of the box's own colour scroll with the content and hide each
 * shadow once its end is reached. `on` is the colour the box sits on (its covers must match it).
 */
export const scrollEdges = (on: Colour = 'surface') => css`
  overflow-x: auto;
  background-image:
    linear-gradient(to right, ${({ theme }) => theme.colors[on]} 40%, transparent),
    linear-gradient(to left, ${({ theme }) => theme.colors[on]} 40%, transparent),
    radial-gradient(farthest-side at 0 50%, color-mix(in srgb, ${({ theme }) => theme.colors.text} 30%, transparent), transparent),
    radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, ${({ theme }) => theme.colors.text} 30%, transparent), transparent);
  background-position: left center, right center, left center, right center;
  background-size: 2.5rem 100%, 2.5rem 100%, 0.875rem 100%, 0.875rem 100%;
  background-repeat: no-repeat;
  background-attachment: local, local, scroll, scroll;
  background-color: ${({ theme }) => theme.colors[on]};
`;
