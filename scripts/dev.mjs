// `npm run dev`: the API server with reload on :3000 and Vite with hot module reload on :5173.
import { spawn } from "node:child_process";
import { ensureDependencies, ensureSupportedNode, root } from "./lib/prepare.mjs";

ensureSupportedNode();
ensureDependencies();

const env = { ...process.env, NODE_ENV: "development" };
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env,
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env }),
];
const stopAll = () => {
  for (const child of children) child.kill("SIGTERM");
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stopAll);
for (const child of children) {
  child.on("exit", (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
}
