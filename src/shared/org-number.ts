/**
 * Norwegian organisation numbers (Enhetsregisteret): 9 digits, the last a mod-11 check digit over the
 * first 8 with the weights 3, 2, 7, 6, 5, 4, 3, 2. One check for the settings form and the route
 * (decision 0036).
 */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** "923 609 016" → "923609016": spaces and dots people type are dropped; anything else is kept and fails. */
export function normalizeOrgNumber(input: string): string {
  return input.replace(/[\s.]/g, "");
}

/** Whether the text (spaces allowed) is a valid organisation number. */
export function isValidOrgNumber(input: string): boolean {
  const digits = normalizeOrgNumber(input);
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  // Remainder 1 would need check digit 10: no number is ever issued with it.
  if (remainder === 1) return false;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check === Number(digits[8]);
}

/** "923609016" → "923 609 016", how Brønnøysund writes it. */
export function formatOrgNumber(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");
}
