// The reference for bench/storefront: a bare Fastify serving the same JSON bodies from memory.
import fs from "node:fs";
import Fastify from "fastify";

const bodies = JSON.parse(fs.readFileSync(process.env.BARE_BODIES ?? "", "utf8")) as Record<string, string>;
const app = Fastify({ logger: false });
for (const [url, body] of Object.entries(bodies)) {
  app.get(url, async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
}
app.get("/health", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
