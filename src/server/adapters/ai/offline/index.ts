import { median } from "../../../../shared/money";
import type { AiProvider, AnalysisContext, AnalysisImage, ProviderCall } from "../ai";
import { analyseColours } from "./colours";
import { composeTexts, DEFAULT_PRICES, SHOP_CATEGORIES } from "./compose";
import { type Detection, detectObjects } from "./detector";

/** Below this the detector's label is not trusted (COCO has no jewellery, candles or knitwear). */
export const LABEL_CONFIDENCE = 0.4;
/** Below this a box is not trusted for where the product is either. */
export const BOX_CONFIDENCE = 0.2;

/** The detection that most likely is the product: confident, not the whole frame, near the middle. */
export function pickProduct(detections: Detection[]): Detection | undefined {
  const scored = detections
    .filter((d) => d.score >= BOX_CONFIDENCE && d.label !== "person" && d.label !== "dining table")
    .map((d) => {
      const [l, t, r, b] = d.box;
      const area = (r - l) * (b - t);
      const centreDistance = Math.hypot((l + r) / 2 - 0.5, (t + b) / 2 - 0.5);
      return { d, rank: d.score - (area > 0.92 ? 0.3 : 0) - centreDistance * 0.2 };
    })
    .sort((a, b) => b.rank - a.rank);
  return scored[0]?.d;
}

/**
 * The offline default (decision 0009): a real object detector for where the product is and, when it is sure, what
 * it is; the product's colours; texts composed from those facts; a price from the seller's own similar
 * products or a category default. No network, no key.
 */
export function createOfflineProvider(): AiProvider {
  return {
    name: "offline",
    async analyze(image: AnalysisImage, context: AnalysisContext): Promise<ProviderCall> {
      const detections = await detectObjects(image);
      const product = pickProduct(detections);
      const label = product && product.score >= LABEL_CONFIDENCE ? product.label : undefined;
      const category = (label && SHOP_CATEGORIES[label]) || null;
      const facts = await analyseColours(image, product?.box);
      const centre: [number, number] | undefined = product
        ? [(product.box[0] + product.box[2]) / 2, (product.box[1] + product.box[3]) / 2]
        : facts.foreground?.centre;
      const texts = composeTexts(
        context.language,
        category,
        facts.colours.map((c) => c.name),
      );
      const ownPrices = await context.sellerPrices(category);
      const price = ownPrices.length
        ? median(ownPrices)
        : String(DEFAULT_PRICES[category ?? "item"] ?? DEFAULT_PRICES.item);
      const analysis = {
        ...texts,
        suggestedPrice: price.replace(/\.00$/, ""),
        coordinates: centre
          ? { x: Math.round(centre[0] * 1000) / 10, y: Math.round(centre[1] * 1000) / 10 }
          : null,
        box: product?.box ?? facts.foreground?.box ?? null,
        category,
        confidence: product?.score ?? 0,
      };
      const observed = {
        detections: detections.slice(0, 5).map((d) => ({
          label: d.label,
          score: Math.round(d.score * 100) / 100,
          box: d.box.map((v) => Math.round(v * 1000) / 1000),
        })),
        chosen: product?.label ?? null,
        colours: facts.colours,
        background: facts.background,
        priceFrom: ownPrices.length ? `median of ${ownPrices.length} own products` : "category default",
      };
      return {
        analysis,
        prompt: `offline: centernet-mobilenetv3 (COCO, 512×512, wasm) on ${image.width}×${image.height}; colours by k-means; language ${context.language}`,
        rawResponse: JSON.stringify({ observed, analysis }),
        tokens: null,
      };
    },
  };
}
