/**
 * Formats what is typed into a birth date as DD.MM.YYYY, dots added by themselves: phone
 * keyboards often have no dot (a Russian one offers a comma), and a pasted '17.05.1990'
 * comes out the same. The rule itself (core's zBirthDate) still judges the result.
 */
export function formatBirthDateInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`;
}
