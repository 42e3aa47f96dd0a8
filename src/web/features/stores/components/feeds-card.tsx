import { Copy, Rss } from "lucide-react";
import { useId } from "react";
import { type ShopAddress, shopUrl } from "../../../../shared/shop-address";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { copyText } from "../../../lib/copy-text";
import { useTranslation } from "../../../lib/i18n";
import { useShopAddress } from "../feeds-api";

/**
 * The store's product feeds (decision 0080): the addresses Google Merchant Center and Meta's Commerce
 * Manager fetch the catalogue from, on the shop's own domain once it has one, each with a copy button
 * and where to paste it. The services fetch them on their own schedule; Torg submits nothing.
 */
export function FeedsCard({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const address = useShopAddress(slug);
  return (
    <Card id="store-feeds" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Rss aria-hidden="true" className="size-5 text-muted-foreground" />
          {t("feeds.title")}
        </CardTitle>
        <CardDescription>{t("feeds.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {address.data ? (
          <>
            <Feed
              label={t("feeds.google")}
              copyLabel={t("feeds.copyGoogle")}
              url={feedUrl(address.data, "/feeds/google.xml")}
              instruction={t("feeds.googleHowTo")}
            />
            <Feed
              label={t("feeds.meta")}
              copyLabel={t("feeds.copyMeta")}
              url={feedUrl(address.data, "/feeds/meta.csv")}
              instruction={t("feeds.metaHowTo")}
            />
          </>
        ) : address.isError ? (
          <p className="text-sm text-muted-foreground">{t("feeds.unavailable")}</p>
        ) : (
          <Spinner label={t("feeds.loading")} className="size-6 text-primary" />
        )}
      </CardContent>
    </Card>
  );
}

/** A feed's address on the host that serves the shop: the workspace's own origin, or the shop's domain. */
const feedUrl = (address: ShopAddress, sub: "/feeds/google.xml" | "/feeds/meta.csv") =>
  shopUrl(address, window.location.origin, sub);

function Feed({
  label,
  copyLabel,
  url,
  instruction,
}: {
  label: string;
  copyLabel: string;
  url: string;
  instruction: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          aria-describedby={`${id}-how`}
          className="min-w-0 flex-1 font-mono text-xs sm:text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" aria-label={copyLabel} onClick={() => void copyText(url, t)}>
          <Copy aria-hidden="true" />
          <span className="hidden sm:inline">{t("feeds.copy")}</span>
        </Button>
      </div>
      <p id={`${id}-how`} className="text-sm text-muted-foreground">
        {instruction}
      </p>
    </div>
  );
}
