// The first words of a text, as the history lists of both panels show them.

/** How much of a text a history list shows, in characters (code points). */
export const PREVIEW_LENGTH = 160;

/** The text on one line, cut at a word boundary (or mid-word when there is none late enough) with `…`. */
export function previewOf(text: string, length = PREVIEW_LENGTH): string {
  // Only the start is read: a reply may be 200 KB for a preview of 160 characters. The window grows only
  // when long runs of white space shrink it below what the preview needs.
  let flat = '';
  for (let window = length * 4; ; window *= 4) {
    const whole = window >= text.length;
    flat = (whole ? text : text.slice(0, window)).replace(/\s+/g, ' ').trim();
    if (whole || flat.length > length * 2) break;
  }
  const characters = [...flat];
  if (characters.length <= length) return flat;
  // By code points, so a cut never splits an emoji or another character outside the BMP.
  const cut = characters.slice(0, length).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
