import OpenAI from "openai";
import sharp from "sharp";
import { z } from "zod";
import type { LANGUAGES } from "../../../shared/preferences";
import {
  type AiProvider,
  AiProviderError,
  type AnalysisContext,
  type AnalysisImage,
  type ProviderCall,
} from "./ai";

export interface OpenAiOptions {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: "English",
  nb: "Norwegian Bokmål",
  sv: "Swedish",
  da: "Danish",
};

/** The answer the model must give: JSON-schema structured output, checked again with zod on arrival. */
export const ANALYSIS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: [
    "title",
    "description",
    "suggestedPrice",
    "seoTitle",
    "seoDescription",
    "altText",
    "coordinates",
    "confident",
  ],
  properties: {
    title: { type: "string", description: "Short product title, at most 60 characters" },
    description: { type: "string", description: "Two or three sentences a shopper would want to read" },
    suggestedPrice: { type: "number", description: "Suggested retail price in Norwegian kroner (NOK)" },
    seoTitle: { type: "string", description: "Search-engine title, at most 60 characters" },
    seoDescription: { type: "string", description: "Search-engine description, at most 155 characters" },
    altText: { type: "string", description: "Alt text describing the photo for screen readers" },
    coordinates: {
      type: "object",
      additionalProperties: false,
      required: ["x", "y"],
      properties: {
        x: {
          type: "number",
          description: "Horizontal centre of the product, percent of image width (0-100)",
        },
        y: { type: "number", description: "Vertical centre of the product, percent of image height (0-100)" },
      },
    },
    confident: { type: "boolean", description: "false when you cannot tell what the product is" },
  },
} as const;

const answerSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  suggestedPrice: z.number().min(0).max(10_000_000),
  seoTitle: z.string().trim().max(200),
  seoDescription: z.string().trim().max(500),
  altText: z.string().trim().max(500),
  coordinates: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
  confident: z.boolean(),
});

function retryable(error: unknown) {
  const status = (error as { status?: number }).status;
  return status === 429 || (typeof status === "number" && status >= 500);
}

/**
 * Any OpenAI-compatible vision model (OpenAI itself, or a self-hosted server with the same API): the
 * photo goes as a data URL with a JSON-schema response format. One retry on 429 and 5xx; a timeout,
 * a refusal or an answer that does not match the schema is a clear error.
 */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: `openai:${options.model}`,
    async analyze(image: AnalysisImage, context: AnalysisContext): Promise<ProviderCall> {
      const jpeg = await sharp(image.pixels, {
        raw: { width: image.width, height: image.height, channels: image.channels },
      })
        .resize(1024, 1024, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      const prompt =
        `You write shop listings for small Norwegian makers. Look at the product photo and answer in ${LANGUAGE_NAMES[context.language]}. ` +
        "Describe only what you can see; do not invent materials, sizes or origins. If you cannot tell what the product is, " +
        'use a generic title such as "Handmade item" and set confident to false. Prices are in Norwegian kroner.';
      const request = {
        model: options.model,
        messages: [
          { role: "system" as const, content: prompt },
          {
            role: "user" as const,
            content: [
              { type: "text" as const, text: "Analyse this product photo." },
              {
                type: "image_url" as const,
                image_url: { url: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
              },
            ],
          },
        ],
        response_format: {
          type: "json_schema" as const,
          json_schema: { name: "product_analysis", strict: true, schema: ANALYSIS_JSON_SCHEMA },
        },
      };
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(request).catch(async (error: unknown) => {
          if (!retryable(error)) throw error;
          return client.chat.completions.create(request);
        });
      } catch (error) {
        if (error instanceof OpenAI.APIConnectionTimeoutError)
          throw new AiProviderError("The AI service did not answer in time", 504);
        const status = (error as { status?: number }).status;
        throw new AiProviderError(
          `The AI service failed${status ? ` (${status})` : ""}: ${(error as Error).message}`,
          status ?? 502,
        );
      }
      const raw = completion.choices[0]?.message?.content ?? "";
      let parsed: z.infer<typeof answerSchema>;
      try {
        parsed = answerSchema.parse(JSON.parse(raw));
      } catch {
        throw new AiProviderError(
          "The AI service gave an answer that is not a valid product analysis",
          502,
          raw,
        );
      }
      return {
        analysis: {
          title: parsed.title,
          description: parsed.description,
          suggestedPrice: String(Math.round(parsed.suggestedPrice)),
          seoTitle: parsed.seoTitle,
          seoDescription: parsed.seoDescription,
          altText: parsed.altText,
          coordinates: parsed.coordinates,
          // The model is asked for the product's centre only: the improved copy is not cropped.
          box: null,
          category: null,
          confidence: parsed.confident ? 0.9 : 0.2,
        },
        prompt,
        rawResponse: raw,
        tokens: completion.usage?.total_tokens ?? null,
      };
    },
  };
}
