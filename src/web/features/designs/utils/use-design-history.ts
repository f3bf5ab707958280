import { useCallback, useRef, useState } from 'react';
import type { DesignElement } from '#shared/designs.ts';

const HISTORY_LIMIT = 100;
/** Edits with the same key this close together (typing, dragging a colour) are one undo step. */
const COALESCE_MS = 800;

interface History {
  past: DesignElement[][];
  present: DesignElement[];
  future: DesignElement[][];
}

/** The design's elements with undo and redo (a history of element arrays). */
export function useDesignHistory(initial: DesignElement[] = []) {
  const [history, setHistory] = useState<History>({ past: [], present: initial, future: [] });
  const lastEdit = useRef<{ key: string; at: number } | null>(null);

  /** Records a new state; `coalesceKey` merges quick repeated edits of the same property. */
  const commit = useCallback((update: (current: DesignElement[]) => DesignElement[], coalesceKey?: string) => {
    const now = Date.now();
    const merge = coalesceKey !== undefined && lastEdit.current?.key === coalesceKey && now - lastEdit.current.at < COALESCE_MS;
    lastEdit.current = coalesceKey === undefined ? null : { key: coalesceKey, at: now };
    setHistory((current) => {
      const next = update(current.present);
      if (next === current.present) return current;
      if (merge) return { ...current, present: next, future: [] };
      return { past: [...current.past, current.present].slice(-HISTORY_LIMIT), present: next, future: [] };
    });
  }, []);

  const undo = useCallback(() => {
    lastEdit.current = null;
    setHistory((current) => {
      const previous = current.past.at(-1);
      if (!previous) return current;
      return { past: current.past.slice(0, -1), present: previous, future: [current.present, ...current.future] };
    });
  }, []);

  const redo = useCallback(() => {
    lastEdit.current = null;
    setHistory((current) => {
      const [next, ...rest] = current.future;
      if (!next) return current;
      return { past: [...current.past, current.present], present: next, future: rest };
    });
  }, []);

  /** Starts over with `elements` (a design was opened), forgetting the history. */
  const reset = useCallback((elements: DesignElement[]) => {
    lastEdit.current = null;
    setHistory({ past: [], present: elements, future: [] });
  }, []);

  return {
    elements: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    commit,
    undo,
    redo,
    reset,
  };
}
