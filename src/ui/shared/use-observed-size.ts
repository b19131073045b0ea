// An element's content size from ResizeObserver (after the browser's own layout, never a forced
// one); a window-sized guess until the first observation.
import { useCallback, useRef, useState } from 'react';
import { observeContentSize, type ContentSize } from '../../browser/resize.ts';

/** A callback ref and the size of the element it is attached to. */
export function useObservedSize<T extends Element>(): [(element: T | null) => void, ContentSize] {
  const [size, setSize] = useState<ContentSize>(() => ({
    width: typeof window === 'undefined' ? 800 : window.innerWidth / 2,
    height: typeof window === 'undefined' ? 600 : window.innerHeight,
  }));
  const stopRef = useRef<(() => void) | undefined>(undefined);
  const ref = useCallback((element: T | null) => {
    stopRef.current?.();
    stopRef.current = element
      ? observeContentSize(element, (next) =>
          setSize((current) =>
            current.width === next.width && current.height === next.height ? current : next,
          ),
        )
      : undefined;
  }, []);
  return [ref, size];
}
