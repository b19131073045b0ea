// Money as a person reads it: cents for dollars, more digits for the fractions of a cent that one
// model request costs, and "unpriced" counted beside a total rather than folded into it.

/** `0.0123` → "$0.0123"; below a cent, four significant digits ("$0.0001848"). */
export function formatMoney(amount: number, currency = 'USD'): string {
  const symbol = currency === 'USD' ? '$' : `${currency} `;
  if (amount === 0) return `${symbol}0`;
  const absolute = Math.abs(amount);
  const text =
    absolute >= 1 ? absolute.toFixed(2) : absolute >= 0.01 ? absolute.toFixed(4) : absolute.toPrecision(3);
  return `${amount < 0 ? '−' : ''}${symbol}${text}`;
}

/** A total with its unpriced count: "$0.0034", "$0.0034 + 2 unpriced". */
export function formatTotal(amount: number, unpriced: number, currency = 'USD'): string {
  return unpriced > 0
    ? `${formatMoney(amount, currency)} + ${unpriced} unpriced`
    : formatMoney(amount, currency);
}

/** Tokens per second, one decimal below 100. */
export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? `${Math.round(perSecond)} tok/s` : `${perSecond.toFixed(1)} tok/s`;
}
