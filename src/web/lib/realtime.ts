import { useEffect, useRef } from 'react';
import { reconnectDelayMs, STREAM_REPLACED_EVENT, type RealtimeEvent, type RealtimeEventName } from '#shared/realtime.ts';

/**
 * One EventSource for the whole app on GET /api/events. On an error the stream is closed and
 * reopened after 1, 2, 5, then 10 s; the attempt counter resets when the server says `ready`.
 * When the server replaces it (too many tabs open: it closes the oldest stream), the tab waits
 * until it is shown or focused again, so tabs do not take the stream from each other in a loop.
 */
type Handler = (event: RealtimeEvent) => void;

const EVENTS_URL = '/api/events';
const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let boundTypes = new Set<string>();
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;
let parked = false;

function wakeUp() {
  if (!parked || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
  parked = false;
  open();
}

function park() {
  if (parked) return;
  parked = true;
  document.addEventListener('visibilitychange', wakeUp);
  window.addEventListener('focus', wakeUp);
}

function dispatch(type: string, message: MessageEvent<string>) {
  const listeners = handlers.get(type);
  if (!listeners || listeners.size === 0) return;
  let event: RealtimeEvent;
  try {
    const parsed = JSON.parse(message.data) as unknown;
    event =
      parsed && typeof parsed === 'object' && 'type' in parsed
        ? (parsed as RealtimeEvent)
        : ({ channel: '', type, data: parsed } as RealtimeEvent);
  } catch {
    return;
  }
  for (const handler of [...listeners]) {
    try {
      handler(event);
    } catch (error) {
      console.error(`Realtime handler for "${type}" failed`, error);
    }
  }
}

function bind(type: string) {
  if (!source || boundTypes.has(type)) return;
  source.addEventListener(type, (message) => dispatch(type, message as MessageEvent<string>));
  boundTypes.add(type);
}

function open() {
  parked = false;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (typeof EventSource === 'undefined') return;
  const stream = new EventSource(EVENTS_URL);
  source = stream;
  boundTypes = new Set();
  stream.addEventListener('ready', () => {
    attempt = 0;
  });
  stream.addEventListener(STREAM_REPLACED_EVENT, () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    park();
  });
  stream.onerror = () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    const delay = reconnectDelayMs(attempt);
    attempt += 1;
    retryTimer = setTimeout(open, delay);
  };
  for (const type of handlers.keys()) bind(type);
}

/** Opens the shared stream once; later calls do nothing. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  open();
}

/** Reopens the stream at once, e.g. after login or logout so the user channel follows the session. */
export function reconnectRealtime(): void {
  if (!started) {
    startRealtime();
    return;
  }
  source?.close();
  source = null;
  attempt = 0;
  open();
}

export function stopRealtime(): void {
  started = false;
  parked = false;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
}

/** Listens for one event type on the shared stream; returns the unsubscribe function. */
export function subscribeRealtime(type: string, handler: Handler): () => void {
  let listeners = handlers.get(type);
  if (!listeners) {
    listeners = new Set();
    handlers.set(type, listeners);
  }
  listeners.add(handler);
  bind(type);
  return () => {
    listeners.delete(handler);
  };
}

/** Calls `handler` for every event of `type`; the latest handler is always used. */
export function useRealtimeEvent<Name extends RealtimeEventName>(type: Name, handler: (event: RealtimeEvent<Name>) => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => subscribeRealtime(type, (event) => handlerRef.current(event as RealtimeEvent<Name>)), [type]);
}
