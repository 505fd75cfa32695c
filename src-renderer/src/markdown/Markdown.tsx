import { type MouseEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { nextTask } from '../util/next-task.ts';
import { copyButtonAt, copyCode } from './code-copy.ts';
import { openableHref } from './links.ts';
import { ReplyRenderer } from './reply-renderer.ts';
import type { Appended } from './text-tail.ts';
import './markdown.css';

/** A streaming text followed as it grows, without the component rendering again on each update. */
export interface LiveText {
  /** The text now, and what its last update appended to it (see text-tail.ts). */
  read(): { text: string; appended: Appended | null };
  /** Calls `changed` after each update; returns the unsubscribe function. */
  subscribe(changed: () => void): () => void;
}

export interface MarkdownProps {
  /** The whole text so far; while `streaming` it only grows (appends). Not read while `follow` is given. */
  text: string;
  /** More text may still come: the last block is unfinished. */
  streaming: boolean;
  /**
   * While streaming, what the last update appended to `text` (store/streams.ts): then only that is read,
   * not the whole text (see text-tail.ts). Without it, or when it does not fit, the text is read whole.
   */
  appended?: Appended | null;
  /**
   * While streaming, the text to follow instead of `text`: each update is shown as it arrives, straight
   * from the stream's store into the page. A React render per update cost about as much again as showing
   * it (measured in the long-stream bench).
   */
  follow?: LiveText;
  /** A link was clicked (the renderer never navigates itself). Only https links are offered (see links.ts). */
  onOpenLink(url: string): void;
  /** Extra class on the root element. */
  className?: string;
}

/** Markdown of a (possibly streaming) reply, shown incrementally (reply-renderer.ts). */
export function Markdown({ text, streaming, appended, follow, onOpenLink, className }: MarkdownProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const openLink = useRef(onOpenLink);
  const renderer = useRef<ReplyRenderer | null>(null);

  useLayoutEffect(() => {
    openLink.current = onOpenLink;
  });
  // Gone with the view: highlight requests and label subscriptions stop. (Under StrictMode's second
  // mount the next show starts again from an empty element.)
  useLayoutEffect(
    () => () => {
      renderer.current?.clear();
      renderer.current = null;
    },
    [],
  );
  useLayoutEffect(() => {
    renderer.current ??= new ReplyRenderer(rootRef.current!);
    const shown = renderer.current;
    let cancelMore = () => {};
    const show = () => {
      cancelMore();
      const now = follow ? follow.read() : { text, appended };
      // A long saved reply (or a burst of streamed text) is mounted a slice per task.
      cancelMore = shown.show(now.text, streaming, now.appended) ? nextTask(show) : () => {};
    };
    show();
    const unsubscribe = follow?.subscribe(show);
    return () => {
      unsubscribe?.();
      cancelMore();
    };
  }, [text, streaming, appended, follow]);

  // Clicks are handled here, once, rather than on every anchor or button. Made once: new handlers on every
  // render had React set the root's `onclick` again on each one.
  const [{ onClick, onAuxClick }] = useState(() => clickHandlers(openLink));

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: links and buttons inside are keyboard-activated as such
    // biome-ignore lint/a11y/noStaticElementInteractions: the handler serves the anchors and buttons inside
    <div
      ref={rootRef}
      className={className ? `markdown ${className}` : 'markdown'}
      onClick={onClick}
      onAuxClick={onAuxClick}
    />
  );
}

/**
 * Clicks in the reply: a code block's copy button copies; on a link the page never navigates, and an https
 * link goes to `openLink`.
 */
function clickHandlers(openLink: RefObject<(url: string) => void>) {
  return {
    onClick(event: MouseEvent<HTMLDivElement>) {
      const copy = copyButtonAt(event.target, event.currentTarget);
      if (copy) {
        void copyCode(copy);
        return;
      }
      const anchor = (event.target as Element).closest?.('a[href]');
      if (!anchor || !event.currentTarget.contains(anchor)) return;
      event.preventDefault();
      const href = openableHref(anchor.getAttribute('href'));
      if (href) openLink.current(href);
    },
    // A middle click would open a new window: the link goes to the system browser instead, like a click.
    onAuxClick(event: MouseEvent<HTMLDivElement>) {
      const anchor = (event.target as Element).closest?.('a[href]');
      if (!anchor) return;
      event.preventDefault();
      const href = openableHref(anchor.getAttribute('href'));
      if (href && event.button === 1) openLink.current(href);
    },
  };
}
