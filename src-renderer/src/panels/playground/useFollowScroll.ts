import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { measureNextFrame } from '../../util/next-frame.ts';

/** Within this distance of the bottom the view counts as "at the end" and keeps following. */
const STICK_DISTANCE_PX = 64;

/**
 * Keeps a scroll area at its end while its content grows (a reply streaming in), until the user scrolls
 * up; scrolling back near the end follows again. Content growth is noticed with a ResizeObserver, the
 * user's scrolling with a passive listener: scrolling *up* is the user's intent (growth never moves
 * `scrollTop` up), so a programmatic scroll racing a new batch can never unfollow by mistake.
 */
export function useFollowScroll(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): { following: boolean; jumpToLatest(): void } {
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const lastTop = useRef(0);

  const setFollow = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const toEnd = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    lastTop.current = element.scrollTop;
  }, [scroller]);

  // The first screen starts at the end of the conversation: scrolled in the next frame, before it is painted
  // (see `measureNextFrame`).
  useLayoutEffect(() => measureNextFrame(toEnd), [toEnd]);

  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    const onScroll = () => {
      const top = element.scrollTop;
      const fromEnd = element.scrollHeight - top - element.clientHeight;
      if (fromEnd <= STICK_DISTANCE_PX) {
        if (!followingRef.current) setFollow(true);
      } else if (top < lastTop.current - 1 && followingRef.current) {
        setFollow(false);
      }
      lastTop.current = top;
    };
    // A wheel or key up is intent even before the view has moved (at the very end nothing scrolls yet).
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && followingRef.current && element.scrollHeight > element.clientHeight)
        setFollow(false);
    };
    const observer = new ResizeObserver(() => {
      if (followingRef.current) toEnd();
    });
    observer.observe(inner);
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
    };
  }, [scroller, content, setFollow, toEnd]);

  const jumpToLatest = useCallback(() => {
    setFollow(true);
    toEnd();
  }, [setFollow, toEnd]);

  return { following, jumpToLatest };
}
