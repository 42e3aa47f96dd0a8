import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderQuote } from "../../../../shared/order";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { quoteOrder, refusedProductId, refusedStock } from "../api";
import type { CartItem } from "../cart/cart";
import { readCheckoutDraft, saveCheckoutCodes } from "./checkout-draft";
import {
  type AppliedCodes,
  type CodeKind,
  classifyCode,
  createQuoteSequence,
  hasCodes,
  refusedCode,
  withCode,
  withoutCode,
} from "./price-codes";

/** How long the quote waits for the cart or the form to settle before asking (a typed code: at once). */
const QUOTE_DEBOUNCE_MS = 300;

interface PriceCodesInput {
  storeSlug: string;
  storeId: string | null;
  items: readonly CartItem[];
  deliveryOptionId: string | undefined;
  /** A carrier's service chosen instead (decision 0079), and the postcode it is priced to. */
  shipping?: { service: string; postalCode: string };
  /** The buyer's e-mail once it is a valid one: a one-per-shopper code is then checked too. */
  buyerEmail: string | undefined;
}

export interface PriceCodes {
  codes: AppliedCodes;
  /** The server's price of the order with the codes; null without codes (the cart's own totals count). */
  quote: OrderQuote | null;
  /** A quote is on its way: the figures shown may be a moment old. */
  checking: boolean;
  /**
   * Why the last code tried was not kept (the server's words), or that it could not be checked; `code`:
   * the code refused, given back to the field to correct.
   */
  refusal: { message: string; code?: string } | null;
  apply: (typed: string) => void;
  remove: (kind: CodeKind) => void;
  /** Ask again (after the order was refused at placing: a code used up meanwhile says so here). */
  recheck: () => void;
}

/**
 * The discount and gift card codes of the checkout (issue 29): kept in the checkout draft, priced by
 * POST /api/orders/quote whenever the cart, the delivery or the codes change (debounced; an older answer
 * arriving late is ignored). A code the server refuses is dropped and its reason kept for the field.
 */
export function usePriceCodes(input: PriceCodesInput): PriceCodes {
  const { t } = useTranslation();
  const { storeSlug, storeId, items, deliveryOptionId, buyerEmail } = input;
  const shippingService = input.shipping?.service;
  const shippingPostcode = input.shipping?.postalCode;
  const [codes, setCodes] = useState<AppliedCodes>(() => readCheckoutDraft().codes[storeSlug] ?? {});
  const [quote, setQuote] = useState<OrderQuote | null>(null);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<PriceCodes["refusal"]>(null);
  const [asked, setAsked] = useState(0);
  const [sequence] = useState(createQuoteSequence);
  // The code just typed: a refusal drops it, not the codes already accepted.
  const trying = useRef<CodeKind | undefined>(undefined);

  const lines = JSON.stringify(
    items.map((item) => ({ productId: item.productId, variantId: item.variantId, qty: item.quantity })),
  );

  const keep = useCallback(
    (next: AppliedCodes) => {
      setCodes(next);
      saveCheckoutCodes(storeSlug, next);
    },
    [storeSlug],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is a request to ask again.
  useEffect(() => {
    const request = sequence.next();
    if (!storeId || !hasCodes(codes) || lines === "[]") {
      setQuote(null);
      setChecking(false);
      return;
    }
    setChecking(true);
    const timer = setTimeout(
      () => {
        quoteOrder({
          storeId,
          items: JSON.parse(lines),
          ...(deliveryOptionId ? { deliveryOptionId } : {}),
          ...(shippingService && shippingPostcode
            ? { shipping: { service: shippingService as never }, postalCode: shippingPostcode }
            : {}),
          ...(buyerEmail ? { buyerEmail } : {}),
          ...codes,
        })
          .then((answer) => {
            if (!sequence.isLatest(request)) return;
            trying.current = undefined;
            setQuote(answer);
            setChecking(false);
          })
          .catch((err: unknown) => {
            if (!sequence.isLatest(request)) return;
            setChecking(false);
            // Too many codes tried, or a product gone: not the code's fault. It stays; placing the
            // order says what is wrong with the cart.
            if (
              err instanceof ApiError &&
              (err.status === 429 || refusedProductId(err) || refusedStock(err))
            ) {
              setQuote(null);
              if (err.status === 429) setRefusal({ message: errorMessage(err, t("priceCodes.checkFailed")) });
              return;
            }
            if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
              // The code does not apply: say why under the field, and do not keep it.
              const dropped = refusedCode(codes, trying.current);
              trying.current = undefined;
              setRefusal({
                message: errorMessage(err, t("priceCodes.notApplied")),
                code: dropped && codes[dropped],
              });
              if (dropped) keep(withoutCode(codes, dropped));
              else setQuote(null);
              return;
            }
            // Not reached, or the server failed: the codes stay, and the server prices them at placing.
            setQuote(null);
            setRefusal({ message: t("priceCodes.checkFailed") });
          });
      },
      trying.current ? 0 : QUOTE_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [
    storeId,
    lines,
    deliveryOptionId,
    shippingService,
    shippingPostcode,
    buyerEmail,
    codes,
    asked,
    sequence,
    keep,
    t,
  ]);

  const apply = useCallback(
    (typed: string) => {
      const code = classifyCode(typed);
      if (!code) return;
      trying.current = code.kind;
      setRefusal(null);
      keep(withCode(codes, code));
    },
    [codes, keep],
  );

  const remove = useCallback(
    (kind: CodeKind) => {
      setRefusal(null);
      keep(withoutCode(codes, kind));
    },
    [codes, keep],
  );

  const recheck = useCallback(() => setAsked((count) => count + 1), []);

  return { codes, quote, checking, refusal, apply, remove, recheck };
}
