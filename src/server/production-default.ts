/**
 * What NODE_ENV is when whoever starts the server does not say (decision 0061): production, as the
 * README's `npm start` and `npm run serve` run it. Torg's config defaults to it (config.ts), but React
 * reads process.env.NODE_ENV itself, once, when it is first imported, and without it loads its
 * development build (prop checks and warnings on every render, more than twice the CPU a shop page).
 * So importing this module puts the default into process.env: main.ts imports it before anything else
 * (ES modules are evaluated in the order they are imported, each before the module importing it), and
 * the built server's entry (launch.ts) before it imports the rest. An empty value counts as unset, as it
 * does for React (anything but "production" is its development build).
 */
export const DEFAULT_NODE_ENV = "production";

if (!process.env.NODE_ENV) process.env.NODE_ENV = DEFAULT_NODE_ENV;
