/**
 * The checkout form's delivery field holds a flat option's id or, for a carrier's service (decision
 * 0079), "bring:<service code>": one radio group lists both, and one value says which was chosen.
 */
const CARRIER_CHOICE_PREFIX = "bring:";

export const carrierChoiceValue = (service: string) => `${CARRIER_CHOICE_PREFIX}${service}`;

/** The service code a delivery field's value names, or undefined for a flat option's id. */
export const carrierServiceOf = (value: string | undefined) =>
  value?.startsWith(CARRIER_CHOICE_PREFIX) ? value.slice(CARRIER_CHOICE_PREFIX.length) : undefined;
