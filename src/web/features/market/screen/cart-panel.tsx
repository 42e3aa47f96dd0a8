import { ImageOff, Minus, Plus, ReceiptText, Trash2 } from "lucide-react";
import { useId } from "react";
import type { OrderQuote } from "../../../../shared/order";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import {
  canIncrement,
  cartTotalOre,
  decrement,
  increment,
  lineTotalOre,
  removeLine,
  type StallCart,
  type StallLine,
} from "../stall-cart";
import { useMarketKr } from "./market-kr";
import { hasCodes, type StallCodes } from "./stall-quote";

/** What the codes do to the cart: priced by the quote, not priceable before paying, or refused. */
export type CodesPricing =
  | { kind: "none" }
  | { kind: "checking" }
  | { kind: "quoted"; quote: OrderQuote }
  | { kind: "atPayment" }
  | { kind: "refused"; message: string };

interface CartPanelProps {
  cart: StallCart;
  onChange: (change: (cart: StallCart) => StallCart) => void;
  codes: StallCodes;
  onCodes: (codes: StallCodes) => void;
  pricing: CodesPricing;
  /** The product the server last said is short, with its words, shown on its line. */
  shortage: { productId: string; message: string } | null;
}

/**
 * The running cart: lines with steppers and a bin, the discount and gift card codes, and the totals. The
 * same panel sits beside the tiles on a wide screen and in the cart sheet on a phone.
 */
export function CartPanel({ cart, onChange, codes, onCodes, pricing, shortage }: CartPanelProps) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const total = cartTotalOre(cart);
  // The panel shows twice (the wide screen's side panel, the phone's sheet): ids of its own each time.
  const id = useId();
  // A line the server trimmed carries its note; one it dropped (none left) is named above the cart.
  const dropped =
    shortage && !cart.lines.some((line) => line.kind === "product" && line.productId === shortage.productId);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {dropped && (
        <p
          role="alert"
          className="rounded-xl border border-error/40 bg-error/10 p-3 text-sm font-medium text-error"
        >
          {shortage.message}
        </p>
      )}
      {cart.lines.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
          <ReceiptText aria-hidden="true" className="size-8 opacity-60" />
          <p className="text-sm">{t("market.cart.empty")}</p>
        </div>
      ) : (
        <ul aria-label={t("market.cart.title")} className="grid grid-cols-1 divide-y">
          {cart.lines.map((line) => (
            <CartLine
              key={line.key}
              line={line}
              onChange={onChange}
              note={
                line.kind === "product" && shortage?.productId === line.productId ? shortage.message : null
              }
            />
          ))}
        </ul>
      )}

      <fieldset className="grid min-w-0 gap-3 rounded-xl border bg-muted/40 p-3">
        <legend className="px-1 text-sm font-medium">{t("market.codes.title")}</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-discount`}>{t("market.codes.discount")}</Label>
            <Input
              id={`${id}-discount`}
              value={codes.discountCode}
              onChange={(event) => onCodes({ ...codes, discountCode: event.target.value })}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              className="h-11 uppercase"
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-gift-card`}>{t("market.codes.giftCard")}</Label>
            <Input
              id={`${id}-gift-card`}
              value={codes.giftCardCode}
              onChange={(event) => onCodes({ ...codes, giftCardCode: event.target.value })}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              className="h-11 uppercase"
            />
          </div>
        </div>
        <CodesNote pricing={pricing} />
      </fieldset>

      <dl className="grid gap-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">{t("market.cart.subtotal")}</dt>
          <dd className="tabular-nums">{kr(total)}</dd>
        </div>
        {pricing.kind === "quoted" && pricing.quote.discount !== "0.00" && (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">
              {t("market.cart.discount", { code: pricing.quote.discountCode ?? "" })}
            </dt>
            <dd className="tabular-nums">−{kr(pricing.quote.discount)}</dd>
          </div>
        )}
        {pricing.kind === "quoted" && pricing.quote.giftCard !== "0.00" && (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{t("market.cart.giftCard")}</dt>
            <dd className="tabular-nums">−{kr(pricing.quote.giftCard)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function CodesNote({ pricing }: { pricing: CodesPricing }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  switch (pricing.kind) {
    case "none":
      return null;
    case "checking":
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t("market.codes.checking")}
        </p>
      );
    case "atPayment":
      return (
        <p role="status" className="text-sm text-muted-foreground">
          {t("market.codes.atPayment")}
        </p>
      );
    case "refused":
      return (
        <p role="alert" className="text-sm font-medium text-error">
          {pricing.message}
        </p>
      );
    case "quoted":
      return (
        <p role="status" className="text-sm font-medium text-primary">
          {pricing.quote.giftCardBalance !== null
            ? t("market.codes.appliedWithBalance", { balance: kr(pricing.quote.giftCardBalance) })
            : t("market.codes.applied")}
        </p>
      );
  }
}

function CartLine({
  line,
  onChange,
  note,
}: {
  line: StallLine;
  onChange: CartPanelProps["onChange"];
  note: string | null;
}) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const title =
    line.kind === "product"
      ? line.variantLabel
        ? `${line.title} (${line.variantLabel})`
        : line.title
      : line.title || t("market.other.title");
  const stepper =
    "inline-flex size-11 items-center justify-center rounded-full border bg-card transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40";
  return (
    <li className="grid grid-cols-1 gap-2 py-3">
      <div className="flex items-start gap-3">
        <span className="size-11 shrink-0 overflow-hidden rounded-lg bg-muted">
          {line.kind === "product" && line.imageUrl ? (
            <img src={line.imageUrl} alt="" className="size-full object-cover" />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              {line.kind === "free" ? (
                <Plus aria-hidden="true" className="size-4" />
              ) : (
                <ImageOff aria-hidden="true" className="size-4" />
              )}
            </span>
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{title}</p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {line.qty} × {kr(line.unitPrice)}
          </p>
        </div>
        <p className="font-semibold tabular-nums">{kr(lineTotalOre(line))}</p>
      </div>
      {note && (
        <p role="alert" className={cn("rounded-md bg-error/10 px-2 py-1 text-sm font-medium text-error")}>
          {note}
        </p>
      )}
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={stepper}
            disabled={line.qty <= 1}
            onClick={() => onChange((cart) => decrement(cart, line.key))}
            aria-label={t("market.cart.fewer", { title })}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-live="polite" className="w-9 text-center text-base font-semibold tabular-nums">
            {line.qty}
          </output>
          <button
            type="button"
            className={stepper}
            disabled={!canIncrement(line)}
            onClick={() => onChange((cart) => increment(cart, line.key))}
            aria-label={t("market.cart.more", { title })}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
        <button
          type="button"
          onClick={() => onChange((cart) => removeLine(cart, line.key))}
          className="inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-error/10 hover:text-error focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={t("market.cart.remove", { title })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span aria-hidden="true">{t("market.cart.removeShort")}</span>
        </button>
      </div>
    </li>
  );
}

/** Whether the panel has codes the cart's total does not yet show. */
export const codesPending = (codes: StallCodes, pricing: CodesPricing) =>
  hasCodes(codes) && pricing.kind !== "quoted";
