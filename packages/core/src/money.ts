/** Money is integer pence; "£10.00" is only how it looks (SPEC section 9: £, two decimals). */
export const MAX_PRICE_PENCE = 10_000_000; // £100,000

/** Parses what a person types ("10", "£10.50", "1,200") into pence, or null when it is not a price. */
export function parsePriceToPence(input: string): number | null {
  const cleaned = input.replace(/[£$€,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [pounds = '0', pence = ''] = cleaned.split('.');
  const value = Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_PRICE_PENCE) return null;
  return value;
}

export function formatPence(pence: number): string {
  const pounds = (Math.abs(pence) / 100).toLocaleString('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${pence < 0 ? '-' : ''}£${pounds}`;
}

/** Dates are shown en-US style (SPEC section 9). */
export function formatDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatMonthYear(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long' });
}
