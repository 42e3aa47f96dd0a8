import type { OrderItemView } from "../../../../shared/order";
import { useTranslation } from "../../../lib/i18n";

type TitledLine = Pick<OrderItemView, "title" | "variantLabel" | "giftCard">;

/**
 * An ordered line's name for the shopper: a product with its variant, or a gift card bought (issue 29)
 * as "Gift card for <name>" when it is a gift.
 */
export function useOrderLineTitle(options: { withVariant?: boolean } = {}) {
  const { t } = useTranslation();
  const withVariant = options.withVariant ?? true;
  return (line: TitledLine) => {
    if (line.giftCard) {
      const name = line.giftCard.recipientName?.trim();
      return name ? t("priceCodes.giftCardFor", { name }) : t("priceCodes.giftCardLine");
    }
    return withVariant && line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title;
  };
}
