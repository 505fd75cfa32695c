// Which links in a reply may be opened. A reply is untrusted text: only links the app would hand to the
// system browser become clickable (the contract's one rule: https, without credentials); anything else,
// such as `http:`, `mailto:`, `file:` or a custom scheme, is shown as plain text.
import { isExternalLink } from '../../../src-preload/contract.ts';

/** The link target if it may be offered to the user, or null. */
export function openableHref(href: string | null | undefined): string | null {
  return href && isExternalLink(href) ? href : null;
}
