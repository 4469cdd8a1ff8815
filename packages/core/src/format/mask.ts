// Both masks work on code points, so an emoji is never cut in half.

/** Spec §9 mask: first 4 + '...' + last 4 (addresses, hashes). 8 characters or fewer: as is. */
export function maskShort(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const chars = Array.from(value);
  if (chars.length <= 8) return value;
  return `${chars.slice(0, 4).join('')}...${chars.slice(-4).join('')}`;
}

export const CARD_MASK_MIDDLE = 'xxxx-xxxx-xxxx';

/** Spec §9 second mask: first 5 + 'xxxx-xxxx-xxxx' + last 4. 9 characters or fewer: as is. */
export function maskCard(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const chars = Array.from(value);
  if (chars.length <= 9) return value;
  return `${chars.slice(0, 5).join('')}${CARD_MASK_MIDDLE}${chars.slice(-4).join('')}`;
}
