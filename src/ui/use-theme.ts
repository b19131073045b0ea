// Applies the theme preference (system / light / dark) as the `.dark` class on <html>.
import { useEffect, useState } from 'react';
import type { ThemePreference } from '../store/preferences-slice.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Keeps `<html class="dark">` in sync with the preference and the system; returns whether dark is on. */
export function useTheme(preference: ThemePreference): boolean {
  const [isSystemDark, setSystemDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const isDark = preference === 'dark' || (preference === 'system' && isSystemDark);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }, [isDark]);
  return isDark;
}
