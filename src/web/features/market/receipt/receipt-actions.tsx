import { ExternalLink, FileText, Mail, MessageSquare } from "lucide-react";
import { useEffect, useState } from "react";
import type { SaleView } from "../../../../shared/market";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { BuyerDialog } from "./buyer-dialog";
import { absoluteReceiptUrl, receiptQrDataUrl } from "./receipt-qr";
import { type ReceiptChannel, SendReceiptForm } from "./send-receipt-form";

/** The QR code of the receipt's page, drawn in the browser; a blank square of its size until it is. */
function ReceiptQr({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    receiptQrDataUrl(url).then(
      (data) => current && setSrc(data),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <div className="mx-auto size-48 rounded-lg bg-white p-2 shadow-sm ring-1 ring-border sm:size-52">
      {src && <img src={src} alt={label} className="size-full" data-testid="receipt-qr" />}
    </div>
  );
}

/**
 * What the seller does with a sale's receipt, placed after a sale on the market screen (decision 0077):
 * its number; a QR code of its page for the buyer to scan; sending it by SMS or e-mail (a small form
 * each, one open at a time); and the buyer's name and address, which make it a full sales document.
 */
export function ReceiptActions({
  sale,
  onSaleChange,
  numberShown = false,
}: {
  sale: SaleView;
  /** The screen around it already shows the receipt number: the heading is kept for screen readers only. */
  numberShown?: boolean;
  /** The sale as saved with the buyer's details, for the screen to show. */
  onSaleChange?: (sale: SaleView) => void;
}) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<ReceiptChannel | null>(null);
  const [buyerOpen, setBuyerOpen] = useState(false);
  const [shown, setShown] = useState(sale);
  useEffect(() => setShown(sale), [sale]);
  const tr = (key: string, params?: Record<string, string | number>) =>
    t(`marketReceipts.actions.${key}`, params);

  if (shown.receiptNumber === null || !shown.receiptUrl)
    return (
      <p
        className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground"
        data-testid="receipt-pending"
      >
        {tr("notPaid")}
      </p>
    );

  const url = absoluteReceiptUrl(
    shown.receiptUrl,
    typeof window === "undefined" ? "http://localhost" : window.location.origin,
  );
  const toggle = (next: ReceiptChannel) => setChannel((open) => (open === next ? null : next));

  return (
    <section aria-labelledby="receipt-actions-title" className="grid gap-4" data-testid="receipt-actions">
      <div className="text-center">
        <h2
          id="receipt-actions-title"
          className={numberShown ? "sr-only" : "text-lg font-semibold tabular-nums"}
        >
          {tr("title", { number: shown.receiptNumber })}
        </h2>
        {shown.buyer && (
          <p className="text-sm text-muted-foreground" data-testid="receipt-document">
            {tr("isDocument", { name: shown.buyer.name })}
          </p>
        )}
      </div>
      <ReceiptQr url={url} label={tr("qrLabel", { number: shown.receiptNumber })} />
      <p className="text-center text-sm text-muted-foreground">{tr("scan")}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-primary underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="receipt-link"
      >
        {tr("open")}
        <ExternalLink aria-hidden className="size-4" />
      </a>

      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant={channel === "sms" ? "default" : "outline"}
          className="h-12"
          aria-expanded={channel === "sms"}
          onClick={() => toggle("sms")}
        >
          <MessageSquare aria-hidden />
          {tr("bySms")}
        </Button>
        <Button
          type="button"
          variant={channel === "email" ? "default" : "outline"}
          className="h-12"
          aria-expanded={channel === "email"}
          onClick={() => toggle("email")}
        >
          <Mail aria-hidden />
          {tr("byEmail")}
        </Button>
      </div>
      {channel && (
        <SendReceiptForm key={channel} saleId={shown.id} channel={channel} onSent={() => setChannel(null)} />
      )}

      <Button type="button" variant="ghost" className="h-12" onClick={() => setBuyerOpen(true)}>
        <FileText aria-hidden />
        {tr(shown.buyer ? "changeBuyer" : "addBuyer")}
      </Button>
      <BuyerDialog
        sale={shown}
        open={buyerOpen}
        onOpenChange={setBuyerOpen}
        onSaved={(saved) => {
          setShown(saved);
          onSaleChange?.(saved);
        }}
      />
    </section>
  );
}
