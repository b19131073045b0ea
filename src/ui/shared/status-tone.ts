// The colour families a status badge can take (StatusBadge.tsx); a plain module so pure label
// helpers and their Node tests can name a tone without compiling JSX.

/** ok (green), error (red), warning (amber), pending (blue), neutral (grey). */
export type StatusTone = 'ok' | 'error' | 'warning' | 'pending' | 'neutral';
