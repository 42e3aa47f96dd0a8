import type { Config } from "../../config";
import type { AiProvider } from "./ai";
import { createOfflineProvider } from "./offline";
import { createOpenAiProvider } from "./openai";

export type { AiProvider, AnalysisContext, AnalysisImage, ProductAnalysis } from "./ai";
export { AiProviderError } from "./ai";

/** The cloud provider when a key and a model are configured, else the offline one (decision 0009). */
export function createAiProvider(config: Config): AiProvider {
  const cloud = config.ai.cloud;
  return cloud ? createOpenAiProvider({ ...cloud, timeoutMs: config.ai.timeoutMs }) : createOfflineProvider();
}
