// The reference for bench/storefront: a bare Fastify that, for each request, runs the same SQL statements
// Torg runs for that path (with `pg`, on the same database, through a pool of the same size) and then
// sends the bytes Torg sent for it, with the same type and encoding. The difference to Torg is then
// what Torg does besides the database and the network: routing, hooks, mapping rows to views, rendering
// the page and compressing it.
import fs from "node:fs";
import Fastify from "fastify";
import pg from "pg";

/** What the bench hands over for one path: its statements, in order, and the answer to send. */
export interface BareRoute {
  /** Named as Torg names them: prepared once per connection, as Torg's are. */
  statements: { name: string; sql: string; params: unknown[] }[];
  /** The body as Torg sent it, base64 (compressed when Torg compressed it). */
  body: string;
  headers: Record<string, string>;
}

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES ?? "", "utf8")) as Record<
  string,
  BareRoute
>;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
});
const app = Fastify({ logger: false });
for (const [url, route] of Object.entries(routes)) {
  const body = Buffer.from(route.body, "base64");
  app.get(url, async (_request, reply) => {
    for (const statement of route.statements)
      await pool.query({ name: statement.name, text: statement.sql, values: statement.params });
    return reply.headers(route.headers).send(body);
  });
}
app.get("/health", async () => ({ ok: true }));
app.addHook("onClose", async () => pool.end());
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
