/**
 * What NODE_ENV is when whoever starts the server does not say (decision 0061): production, as the
 * README's `npm start` and `npm run serve` run it. Torg's config defaults to it (config.ts), but React
 * reads process.env.NODE_ENV itself, once, when it is first imported, and without it loads its
 * development build (prop checks and warnings on every render, more than twice the CPU a shop page).
 * So the entry (main.ts) puts the default into process.env before anything that imports React runs.
 * An empty value counts as unset, as it does for React (anything but "production" is development there).
 */
export const DEFAULT_NODE_ENV = "production";

export function applyDefaultNodeEnv(env: NodeJS.ProcessEnv = process.env) {
  if (!env.NODE_ENV) env.NODE_ENV = DEFAULT_NODE_ENV;
}
