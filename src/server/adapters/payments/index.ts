import type { PaymentProvider } from "../../../shared/payment";
import type { Config } from "../../config";
import type { PaymentGateway } from "./payments";
import { createStripeGateway } from "./stripe";
import { createVippsGateway } from "./vipps";

export type {
  CreatePaymentInput,
  PaymentEvent,
  PaymentGateway,
  PaymentHandle,
  PaymentUserFlow,
  ProviderBinding,
  ProviderPaymentState,
  WebhookRequest,
} from "./payments";
export { PAYMENT_CURRENCY, PaymentProviderError, WebhookSignatureError } from "./payments";

export type VippsGateway = ReturnType<typeof createVippsGateway>;

/** The providers the platform has keys for (decision 0034); a provider without keys is never offered. */
export interface PaymentGateways {
  vipps?: VippsGateway;
  stripe?: PaymentGateway;
}

export function createPaymentGateways(
  config: Config,
  vippsSecretFor: (msn: string) => Promise<string | undefined>,
): PaymentGateways {
  const { vipps, stripe } = config.payments;
  return {
    vipps: vipps ? createVippsGateway({ ...vipps, secretFor: vippsSecretFor }) : undefined,
    stripe: stripe ? createStripeGateway(stripe) : undefined,
  };
}

export function gatewayOf(gateways: PaymentGateways, provider: PaymentProvider): PaymentGateway | undefined {
  return gateways[provider];
}
