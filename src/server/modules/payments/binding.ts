import { toOre } from "../../../shared/money";
import { PAYMENT_CURRENCY, type ProviderBinding } from "../../adapters/payments";
import type { payments } from "../../db/schema";

/** Why a provider's report was not allowed to move an attempt (the `refused_reason` of its event). */
export const REFUSAL_REASONS = ["merchant", "reference", "currency", "amount"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What a webhook event or a provider read says, as far as binding it to an attempt goes. */
export interface ProviderReport extends ProviderBinding {
  /** The status it proves, if any. */
  status?: string;
  /** One operation's amount (a capture, a refund, a cancellation), or what the event proves paid. */
  amountOre?: number;
  /** Our reference and Stripe's session id, where the report names them. */
  reference?: string;
  sessionId?: string;
}

/**
 * Whether a report may move this attempt (decision 0055); undefined when it may. It must come from the
 * merchant the attempt was made for (a Stripe connected account's `account`, a Vipps `msn`: a seller's
 * own provider account can name any reference, and a Vipps reference is unique only per MSN), name no
 * other attempt's reference or session, and be in the attempt's currency, its whole amount equal to the
 * attempt's and an operation's within it. A report that proves a status names its money. The same rule
 * serves the webhooks and the reconciler's reads.
 */
export function refusalOf(
  payment: Pick<typeof payments.$inferSelect, "merchant" | "reference" | "providerSessionId" | "amount">,
  report: ProviderReport,
): RefusalReason | undefined {
  if (report.merchant !== payment.merchant) return "merchant";
  if (report.reference !== undefined && report.reference !== payment.reference) return "reference";
  if (
    report.sessionId !== undefined &&
    payment.providerSessionId !== null &&
    report.sessionId !== payment.providerSessionId
  ) {
    return "reference";
  }
  const namesMoney = report.totalOre !== undefined || report.amountOre !== undefined;
  if ((namesMoney || report.status !== undefined) && report.currency !== PAYMENT_CURRENCY) return "currency";
  if (report.status !== undefined && !namesMoney) return "amount";
  const amountOre = toOre(payment.amount);
  if (report.totalOre !== undefined && report.totalOre !== amountOre) return "amount";
  if (report.amountOre !== undefined && !(report.amountOre >= 0 && report.amountOre <= amountOre)) {
    return "amount";
  }
  return undefined;
}
