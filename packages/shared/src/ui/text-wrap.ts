import { css } from 'styled-components';

/**
 * Text a user entered, shown in a box: a word longer than the box (a 100-character name, an address
 * without spaces) breaks where it must instead of widening the box and the page. `min-width: 0` lets a
 * flex or grid item shrink below its longest word so that the break can happen.
 */
export const wrapAnywhere = css`
  overflow-wrap: anywhere;
  min-width: 0;
`;

/** One line cut with an ellipsis; the full text must be given elsewhere too (a title, the accessible name). */
export const truncateLine = css`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  min-width: 0;
`;
