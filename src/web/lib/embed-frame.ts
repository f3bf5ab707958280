import { useLocation } from 'react-router';
import { EMBED_MESSAGE_SOURCE, EMBED_PARENT_QUERY, isEmbedPage, type EmbedMessage } from '#shared/embed.ts';

/**
 * The page that framed the embed, as /embed.js named it (`?parent=`): the frame posts its messages to
 * that origin alone, read once when the frame opens (its later pages, the receipt, no longer carry it).
 */
const parentOrigin = (() => {
  try {
    const named = new URLSearchParams(window.location.search).get(EMBED_PARENT_QUERY);
    const url = named ? new URL(named) : undefined;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') && window.parent !== window ? url.origin : undefined;
  } catch {
    return undefined;
  }
})();

/** Tells the overlay around the frame to close, or how tall the frame's content is. */
export function postToParent(message: { type: 'close' } | { type: 'height'; height: number }) {
  if (!parentOrigin) return;
  const sent: EmbedMessage = { source: EMBED_MESSAGE_SOURCE, ...message };
  window.parent.postMessage(sent, parentOrigin);
}

/** True on the embed's pages: links that leave them open in a new tab (other pages refuse frames). */
export const useInEmbed = () => isEmbedPage(useLocation().pathname);
