import { Check, Copy, Download, ExternalLink, House } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { copyText } from "../../../lib/copy-text";
import { useTranslation } from "../../../lib/i18n";
import type { QuickStoreResult } from "../api";
import { Photo, thumbnailUrl } from "../components/photo";
import { StepFrame } from "../components/step-frame";
import type { DraftProduct } from "../draft";
import { storeAddress } from "../save-request";
import type { FrameProps } from "./frame-props";

interface SuccessStepProps {
  frame: FrameProps;
  result: QuickStoreResult;
  products: DraftProduct[];
}

/** docs/product-spec.md 2.14's success step: the store's address to copy, its QR code if linked, and where to go next. */
export function SuccessStep({ frame, result, products }: SuccessStepProps) {
  const { t } = useTranslation();
  const url = storeAddress(window.location.origin, result.storeSlug);
  const qr = result.store.qrCode;
  const photos = products.slice(0, 4);

  return (
    <StepFrame
      {...frame}
      step="success"
      centered
      width="narrow"
      title={t("quickCreate.success.title")}
      description={t("quickCreate.success.subtitle", { name: result.store.name })}
    >
      <div className="grid gap-6">
        <div
          aria-hidden="true"
          className="relative mx-auto -mt-2 flex h-28 w-full max-w-xs items-center justify-center"
        >
          <div className="flex -space-x-6">
            {photos.map((product) => (
              <Photo
                key={product.id}
                src={thumbnailUrl(product.imageUrl)}
                alt=""
                fallbackLabel=""
                className="torg-celebrate size-20 rounded-2xl border-4 border-card shadow-lg"
              />
            ))}
          </div>
          <span className="absolute -bottom-3 left-1/2 flex size-12 -translate-x-1/2 items-center justify-center">
            <span className="torg-ring absolute inset-0 rounded-full bg-primary" />
            <span className="torg-celebrate relative flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-background">
              <Check className="size-6" strokeWidth={3} />
            </span>
          </span>
        </div>

        <Card>
          <CardContent className="grid gap-3 pt-5 text-left sm:pt-6">
            <h2 id="store-url-label" className="text-sm font-medium">
              {t("quickCreate.success.urlLabel")}
            </h2>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <output
                aria-labelledby="store-url-label"
                className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-medium break-all select-all"
              >
                {url}
              </output>
              <Button variant="outline" onClick={() => void copyText(url, t)} className="shrink-0">
                <Copy aria-hidden="true" />
                {t("quickCreate.success.copy")}
              </Button>
            </div>
          </CardContent>
        </Card>

        {qr && (
          <Card>
            <CardContent className="flex flex-col items-center gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6 sm:text-left">
              <img
                src={`${qr.imageUrl}?size=200`}
                alt={t("quickCreate.success.qrAlt", { name: result.store.name })}
                width={200}
                height={200}
                className="size-40 rounded-lg border bg-white p-2 sm:size-36"
              />
              <div className="grid flex-1 gap-2 text-center sm:text-left">
                <p className="font-semibold">{t("quickCreate.success.qrTitle")}</p>
                <p className="text-sm text-muted-foreground">{t("quickCreate.success.qrText")}</p>
                <p className="text-xs break-all text-muted-foreground">{qr.scanUrl}</p>
                <Button asChild variant="outline" className="mt-1 w-full sm:w-fit">
                  <a href={`${qr.imageUrl}?size=500`} download={`${result.storeSlug}-qr.png`}>
                    <Download aria-hidden="true" />
                    {t("quickCreate.success.download")}
                  </a>
                </Button>
              </div>
            </CardContent>
          </Card>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Button asChild variant="outline" size="lg">
            <Link to="/">
              <House aria-hidden="true" />
              {t("quickCreate.success.backHome")}
            </Link>
          </Button>
          {/*
            A new tab: a seller who has just made a store looks at it and comes back for its address and
            QR code. This step lives only in memory (the draft is gone once the store exists), so leaving
            it in the same tab lost both, and Back showed an empty upload step.
          */}
          <Button asChild size="lg">
            <a href={`/s/${encodeURIComponent(result.storeSlug)}`} target="_blank" rel="noopener noreferrer">
              {t("quickCreate.success.viewStore")}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{t("quickCreate.success.opensInNewTab")}</span>
            </a>
          </Button>
        </div>
      </div>
    </StepFrame>
  );
}
