import { zodResolver } from "@hookform/resolvers/zod";
import { type RefObject, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import { type CheckoutFormFor, checkoutFormSchemaFor } from "../../../../shared/order";
import { DRAFT_FIELDS, readCheckoutDraft, saveCheckoutDraft } from "./checkout-draft";

/**
 * The checkout form: opens with what she typed before a reload, in this tab (checkout-draft.ts), and
 * saves each change to the draft again.
 */
export function useCheckoutForm(
  options: DeliveryOptionView[],
  storeSlug: string,
  /** The carrier's services listed now (decision 0079): they arrive after the form is made. */
  carrierServices?: RefObject<readonly { service: string; pickup: boolean }[]>,
) {
  // What she typed before a reload, in this tab (checkout-draft.ts); a remembered option only if the
  // store still has it.
  const [draft] = useState(readCheckoutDraft);
  const rememberedOption = options.find((option) => option.id === draft.delivery[storeSlug])?.id;
  const form = useForm<CheckoutFormFor>({
    // Made at each check, so the carrier's services listed since are among the choices.
    resolver: (values, context, resolverOptions) =>
      zodResolver(checkoutFormSchemaFor(options, carrierServices?.current ?? []))(
        values,
        context,
        resolverOptions,
      ),
    defaultValues: {
      shipToName: draft.fields.shipToName ?? "",
      buyerEmail: draft.fields.buyerEmail ?? "",
      shipToPhone: draft.fields.shipToPhone ?? "",
      address: draft.fields.address ?? "",
      // The one option there is needs no choosing.
      deliveryOptionId:
        rememberedOption ?? (options.length === 1 && !carrierServices ? options[0]?.id : undefined),
      pickupPointId: undefined,
      street: draft.fields.street ?? "",
      post: draft.fields.post ?? "",
      city: draft.fields.city ?? "",
      acceptTerms: false,
    },
  });
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && name !== "deliveryOptionId" && !DRAFT_FIELDS.includes(name as never)) return;
      saveCheckoutDraft(storeSlug, values);
    });
    return () => subscription.unsubscribe();
  }, [form, storeSlug]);

  return form;
}
