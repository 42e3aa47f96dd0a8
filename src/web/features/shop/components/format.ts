/** An sms: link to the number, spaces and dashes removed. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, "")}`;
}

/** True on touch-first devices, where an sms: link opens the messaging app. */
export function hasCoarsePointer(): boolean {
  return window.matchMedia("(pointer: coarse)").matches;
}
