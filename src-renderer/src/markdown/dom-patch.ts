// Makes nodes already in the page look like freshly built ones, touching only what differs: a growing
// block keeps its elements and text nodes from one update to the next (and when it finishes), so the
// browser lays out again only what changed, as it would for a text node's new text.

/** Pairs of (fresh element, the element in the page that now stands for it). */
export type Kept = Map<Node, Node>;

/**
 * Patches `current` (in the page, in order, siblings) to match `fresh` (detached). Returns the nodes in the
 * page afterwards. `kept` learns which page element stands for each fresh one that was not inserted.
 */
export function patchNodes(current: readonly Node[], fresh: readonly Node[], kept: Kept | null): Node[] {
  const result: Node[] = [];
  const count = Math.min(current.length, fresh.length);
  for (let index = 0; index < count; index++) result.push(patchNode(current[index]!, fresh[index]!, kept));
  let after = result.at(-1) ?? current[0];
  const parent = after?.parentNode;
  for (let index = count; index < fresh.length; index++) {
    const node = fresh[index]!;
    if (parent && after) parent.insertBefore(node, after.nextSibling);
    result.push(node);
    after = node;
  }
  for (let index = count; index < current.length; index++)
    current[index]!.parentNode?.removeChild(current[index]!);
  return result;
}

function patchNode(current: Node, fresh: Node, kept: Kept | null): Node {
  if (current.nodeType !== fresh.nodeType || current.nodeName !== fresh.nodeName) {
    current.parentNode?.replaceChild(fresh, current);
    return fresh;
  }
  if (current.nodeType !== Node.ELEMENT_NODE) {
    if (current.nodeValue !== fresh.nodeValue) current.nodeValue = fresh.nodeValue;
    return current;
  }
  const element = current as Element;
  // A copy button's attributes and text are its state ("Copied"), set by its click (code-copy.ts).
  if (element.classList.contains('markdown-code__copy')) return current;
  patchAttributes(element, fresh as Element);
  let child = current.firstChild;
  let freshChild = fresh.firstChild;
  while (freshChild) {
    const nextFresh = freshChild.nextSibling;
    if (child) {
      const next = child.nextSibling;
      patchNode(child, freshChild, kept);
      child = next;
    } else {
      current.appendChild(freshChild);
    }
    freshChild = nextFresh;
  }
  while (child) {
    const next = child.nextSibling;
    current.removeChild(child);
    child = next;
  }
  kept?.set(fresh, current);
  return current;
}

function patchAttributes(element: Element, fresh: Element): void {
  if (!fresh.hasAttributes() && !element.hasAttributes()) return;
  for (const { name, value } of Array.from(fresh.attributes)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  if (element.attributes.length === fresh.attributes.length) return;
  for (const { name } of Array.from(element.attributes)) {
    if (!fresh.hasAttribute(name)) element.removeAttribute(name);
  }
}
