// An element's content size from ResizeObserver (after the browser's own layout, never a forced
// one); a window-sized guess until the first observation.
import { useCallback, useRef, useState } from 'react';

export interface ObservedSize {
  width: number;
  height: number;
}

/** A callback ref and the size of the element it is attached to. */
export function useObservedSize<T extends Element>(): [(element: T | null) => void, ObservedSize] {
  const [size, setSize] = useState<ObservedSize>(() => ({
    width: typeof window === 'undefined' ? 800 : window.innerWidth / 2,
    height: typeof window === 'undefined' ? 600 : window.innerHeight,
  }));
  const observerRef = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observerRef.current?.disconnect();
    observerRef.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (!box) return;
      const next = { width: Math.round(box.width), height: Math.round(box.height) };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    });
    observer.observe(element);
    observerRef.current = observer;
  }, []);
  return [ref, size];
}
