// Tells code blocks when they come near the visible part of the reply, so that only those are
// highlighted. One IntersectionObserver per rendered reply, rooted at its scrolling ancestor: with the
// page as root, the margin would not reach past the scroll container's clipping edge.
export interface NearViewport {
  /** Calls `near` once, the first time `element` comes within a screen of the visible area. */
  watch(element: Element, near: () => void): () => void;
}

/** Roughly a screen ahead: blocks are coloured before they scroll in. */
const MARGIN = '800px 0px';

export function createNearViewport(container: () => Element | null): NearViewport {
  let observer: IntersectionObserver | null = null;
  const callbacks = new Map<Element, () => void>();

  function ensureObserver(): IntersectionObserver {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const near = callbacks.get(entry.target);
          callbacks.delete(entry.target);
          observer?.unobserve(entry.target);
          near?.();
        }
      },
      { root: scrollingAncestor(container()), rootMargin: MARGIN },
    );
    return observer;
  }

  return {
    watch(element, near) {
      if (typeof IntersectionObserver === 'undefined') {
        near();
        return () => {};
      }
      callbacks.set(element, near);
      ensureObserver().observe(element);
      return () => {
        callbacks.delete(element);
        observer?.unobserve(element);
      };
    },
  };
}

function scrollingAncestor(start: Element | null): Element | null {
  for (let element = start?.parentElement ?? null; element; element = element.parentElement) {
    const { overflowY } = getComputedStyle(element);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return element;
  }
  return null;
}
