// Whether <html> has the `dark` class (src/ui/use-theme.ts sets it), followed as it changes: canvases
// must redraw in the other colours even when the system, not the preference, switched the theme.
import { useEffect, useState } from 'react';

/** True while `<html class="dark">`. */
export function useDarkClass(): boolean {
  const [isDark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const root = document.documentElement;
    const update = () => setDark(root.classList.contains('dark'));
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return isDark;
}
