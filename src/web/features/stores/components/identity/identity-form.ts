import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldPath, FieldValues, Resolver } from "react-hook-form";
import { DEFAULT_BRAND_COLOR, DEFAULT_FONT_PAIRING, type FontPairing } from "../../../../../shared/brand";
import { type IdentityInput, type IdentityView, identityInputSchema } from "../../../../../shared/identity";

/** The "Your shop's look" form as typed: the about page's fields flat, its links one field each. */
export interface IdentityFormValues extends FieldValues {
  logoImageUrl: string | null;
  brandColor: string;
  fontPairing: FontPairing;
  aboutText: string;
  aboutImageUrl: string | null;
  aboutLocation: string;
  aboutLinks: { url: string }[];
}

export function identityFormValues(view: IdentityView | undefined): IdentityFormValues {
  const about = view?.about;
  return {
    logoImageUrl: view?.logoImageUrl ?? null,
    brandColor: view?.brandColor ?? DEFAULT_BRAND_COLOR,
    fontPairing: view?.fontPairing ?? DEFAULT_FONT_PAIRING,
    aboutText: about?.text ?? "",
    aboutImageUrl: about?.imageUrl ?? null,
    aboutLocation: about?.location ?? "",
    aboutLinks: (about?.links ?? []).map((url) => ({ url })),
  };
}

/** The links the seller filled in, with their places in the form (blank rows are left out). */
const filledLinks = (values: IdentityFormValues) =>
  values.aboutLinks.map((link, at) => ({ url: link.url.trim(), at })).filter((link) => link.url !== "");

/**
 * What PUT /api/stores/{id}/identity is sent: the whole look, so what the seller cleared is cleared.
 * No about page when every one of its fields is empty.
 */
export function identityInputOf(values: IdentityFormValues): IdentityInput {
  const links = filledLinks(values).map((link) => link.url);
  const location = values.aboutLocation.trim();
  const hasAbout = values.aboutText.trim() !== "" || values.aboutImageUrl || location || links.length > 0;
  return {
    logoImageUrl: values.logoImageUrl,
    brandColor: values.brandColor,
    fontPairing: values.fontPairing,
    about: hasAbout
      ? { text: values.aboutText, imageUrl: values.aboutImageUrl, location: location || null, links }
      : null,
  };
}

/** A schema issue's path (shared/identity.ts) as the form field that shows it. */
function fieldOf(path: PropertyKey[], values: IdentityFormValues): FieldPath<IdentityFormValues> | null {
  const [first, second, third] = path;
  if (first === "brandColor" || first === "fontPairing" || first === "logoImageUrl") return first;
  if (first !== "about") return null;
  if (second === "text") return "aboutText";
  if (second === "location") return "aboutLocation";
  if (second === "imageUrl") return "aboutImageUrl";
  if (second === "links" && typeof third === "number") {
    const at = filledLinks(values)[third]?.at;
    return at === undefined ? null : `aboutLinks.${at}.url`;
  }
  // Too many links: said under the list.
  if (second === "links") return "aboutLinks";
  return null;
}

/**
 * The form is checked with the route's own schema (identityInputSchema), on what would be sent: one
 * rule for both sides, its messages catalogue keys the fields translate.
 */
export const identityResolver: Resolver<IdentityFormValues> = async (values, _context, options) => {
  const parsed = identityInputSchema.safeParse(identityInputOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, values) ?? "root";
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
};
