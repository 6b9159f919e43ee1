/**
 * An address split after each @ and dot: the places a reader expects it to wrap
 * ("ada.lovelace@" / "example." / "com"), rather than in the middle of a word.
 */
export function breakSegments(text: string): string[] {
  return text.split(/(?<=[@.])/).filter((segment) => segment !== '');
}
