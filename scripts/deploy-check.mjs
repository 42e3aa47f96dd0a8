// `npm run deploy:check`: boots deploy/ on this machine (nginx and Caddy, two built app servers, PostgreSQL,
// an S3-compatible store) and runs a smoke test through each, with a shop at its own domain over TLS
// through Caddy. Needs nginx, Caddy and PostgreSQL (see the README).

import { checkDeployment } from "./lib/deploy-check.mjs";
import {
  ensureClientBuild,
  ensureDependencies,
  ensureServerBuild,
  ensureSupportedNode,
} from "./lib/prepare.mjs";

ensureSupportedNode();
ensureDependencies();
ensureClientBuild();
await ensureServerBuild();
process.stdout.write("Deployment (deploy/: nginx and Caddy, two app servers, PostgreSQL, S3):\n");
const { passed, failed } = await checkDeployment();
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
