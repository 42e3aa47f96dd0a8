import { ArrowRight, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";

/** docs/product-spec.md 2.8 Orders: the way to this store's order list. */
export function OrdersTab({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <ReceiptText aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 flex-[1_1_14rem] gap-1.5">
          <CardTitle>{t("stores.ordersTitle")}</CardTitle>
          <CardDescription>{t("stores.ordersText")}</CardDescription>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to={`/stores/${storeId}/orders`}>
            {t("stores.viewAllOrders")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
