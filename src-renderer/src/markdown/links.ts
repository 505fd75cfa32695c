// Which links in a reply may be opened. A reply is untrusted text: only web and mail links become
// clickable (and are handed to the app, which opens them in the system browser); anything else, such as
// `file:` or a custom scheme, is shown as plain text.
const OPENABLE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The link target if it may be offered to the user, or null. */
export function openableHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    return OPENABLE_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    // Relative links have no meaning in a reply.
    return null;
  }
}
