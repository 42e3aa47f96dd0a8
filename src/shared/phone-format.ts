/**
 * A stored number for reading, the same on every screen: Norwegian mobiles (4xx, 9xx) 3-2-3 as
 * "+47 912 34 567", other Norwegian numbers in pairs as "+47 22 12 34 56"; anything else as stored.
 * Written out rather than asked of libphonenumber (which groups mobiles "+47 91 23 45 67"), so the
 * storefront can use it without that library's metadata: import it from here there, not from phone.ts,
 * whose other functions need the library.
 */
export function formatPhone(e164: string): string {
  const national = /^\+47(\d{8})$/.exec(e164.replace(/[\s-]/g, ""))?.[1];
  if (!national) return e164;
  if (/^[49]/.test(national))
    return `+47 ${national.slice(0, 3)} ${national.slice(3, 5)} ${national.slice(5)}`;
  return `+47 ${national.replace(/(\d{2})(?=\d)/g, "$1 ")}`;
}
