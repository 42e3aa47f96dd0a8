/**
 * The lines of an order's ship-to address, for the seller's order dialog, the shopper's order page and
 * the seller's e-mail: every field the shopper gave, in the order they read (free-text address, street,
 * postcode and city, country), a free-text address split at its line breaks, blank lines left out. Nothing
 * the shopper typed is hidden, whichever form (free text or street, postcode and city) they used.
 */
export function shipToLines(address: Record<string, string | undefined> | null | undefined): string[] {
  if (!address) return [];
  return [
    address.address,
    address.street,
    [address.post, address.city].filter(Boolean).join(" "),
    address.country,
  ]
    .flatMap((line) => (line ?? "").split("\n"))
    .map((line) => line.trim())
    .filter(Boolean);
}
