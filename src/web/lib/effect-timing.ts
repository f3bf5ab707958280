import { options } from 'preact';

/**
 * React flushes the effects of an update before the next input event is handled, so a menu or dialog
 * that just opened already listens for its Escape key. Preact (the build's runtime, decision 014)
 * runs them after the next frame, and a key pressed in between (a fast typist, a busy machine) was
 * lost: the language menu stayed open on Escape. Effects now run as soon as the update is committed.
 */
(options as { requestAnimationFrame?: (flush: () => void) => void }).requestAnimationFrame = (flush) => queueMicrotask(flush);
