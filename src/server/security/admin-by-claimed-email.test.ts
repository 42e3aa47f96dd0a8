/**
 * Attack: becoming a platform admin by claiming an address. ADMIN_EMAILS used to make whoever held a
 * listed address an admin, at sign-up or at login, with no proof of owning it: a listed address nobody
 * had registered (or whose owner had moved away from it) could be registered, or put on one's own
 * account with a session alone, and the flag stayed after the email was changed back. Admin rights now
 * belong to an account, granted only by `npm run admin -- grant EMAIL` (setAdmin); ADMIN_EMAILS grants
 * nothing, a new email needs the current password, and a migration clears every flag the hole may have
 * handed out.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import { users } from "../db/schema";
import { setAdmin } from "../modules/auth/service";
import { Agent, createTestApp, openEmailChangeLink, signUp, type TestApp } from "../test/harness";

const LISTED = ["boss@torg.no", "former-boss@torg.no"];

let t: TestApp;
let victimStore: { id: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: LISTED.join(",") });
  const victim = await signUp(t.app);
  const created = await victim.agent.post("/api/stores", { name: "Victim Pottery", slug: "victim-pottery" });
  expect(created.statusCode).toBe(201);
  victimStore = created.json();
});
afterAll(() => t?.close());

/** What an admin could do: read and rewrite another seller's store. */
async function reachesOtherTenant(agent: Agent) {
  const read = await agent.get(`/api/stores/${victimStore.id}`);
  const write = await agent.put(`/api/stores/${victimStore.id}`, { name: "Owned" });
  return read.statusCode !== 404 || write.statusCode !== 404;
}

describe("platform admin by claiming an address", () => {
  it("registering an address listed in ADMIN_EMAILS gives no admin rights, at sign-up or at login", async () => {
    const { agent, user, password } = await signUp(t.app, { email: "BOSS@torg.no" });
    expect(user).toMatchObject({ isAdmin: false });
    const login = await new Agent(t.app).post("/api/login", { email: user.email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.isAdmin).toBe(false);
    expect(await reachesOtherTenant(agent)).toBe(false);
  });

  it("moving one's account to a listed address needs the current password, and gives no admin rights", async () => {
    const { agent, user, password } = await signUp(t.app);
    const withoutPassword = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: "former-boss@torg.no",
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().message).toBe("Enter your current password to change your email");
    const wrongPassword = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: "former-boss@torg.no",
      currentPassword: "not-my-password",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe("The current password is incorrect");
    expect((await agent.get("/api/me")).json().user.email).toBe(user.email);

    const moved = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: "former-boss@torg.no",
      currentPassword: password,
    });
    expect(moved.statusCode).toBe(200);
    expect((await openEmailChangeLink(t, agent, "former-boss@torg.no")).statusCode).toBe(200);
    const login = await agent.post("/api/login", { email: "former-boss@torg.no", password });
    expect(login.json().user.isAdmin).toBe(false);
    expect(await reachesOtherTenant(agent)).toBe(false);
  });

  it("admin rights belong to the account the command line named, whatever its email becomes", async () => {
    const { agent, user, password } = await signUp(t.app);
    await setAdmin(t.database.db, user.email, true);
    expect(await reachesOtherTenant(agent)).toBe(true);
    const moved = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: `moved-${user.email}`,
      currentPassword: password,
    });
    expect(moved.json()).toMatchObject({ isAdmin: true });
    expect((await openEmailChangeLink(t, agent, `moved-${user.email}`)).statusCode).toBe(200);
    await setAdmin(t.database.db, `moved-${user.email}`, false);
    expect(await reachesOtherTenant(agent)).toBe(false);
  });

  it("ADMIN_EMAILS is ignored, with a warning at start saying how to grant admin rights instead", () => {
    const config = loadConfig({ ADMIN_EMAILS: "boss@torg.no" });
    expect(config).not.toHaveProperty("adminEmails");
    expect(config.warnings).toEqual([
      expect.stringMatching(/ADMIN_EMAILS is set but ignored.*npm run admin -- grant EMAIL/),
    ]);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it("a migration clears every admin flag the old rule may have handed out", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"));
    const entry = (journal.entries as { tag: string }[]).find((e) => e.tag.endsWith("_revoke_config_admins"));
    expect(entry, "the migration is in drizzle's journal, so every database runs it").toBeDefined();
    const { user: flagged } = await signUp(t.app);
    await setAdmin(t.database.db, flagged.email, true);
    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${entry?.tag}.sql`), "utf8");
    await t.database.db.execute(sql.raw(migration));
    const admins = await t.database.db.select().from(users).where(sql`${users.isAdmin}`);
    expect(admins).toEqual([]);
  });
});
