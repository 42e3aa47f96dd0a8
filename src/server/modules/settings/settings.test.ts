import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("settings", () => {
  it("starts with the spec's defaults", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.get("/api/settings");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      language: "en",
      emailNotifications: true,
      smsNotifications: false,
      theme: "system",
    });
  });

  it("saves a partial update and keeps the rest", async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.put("/api/settings", { language: "nb", theme: "dark" })).statusCode).toBe(200);
    const second = await agent.put("/api/settings", { smsNotifications: true });
    expect(second.json()).toEqual({
      language: "nb",
      emailNotifications: true,
      smsNotifications: true,
      theme: "dark",
    });
    expect((await agent.get("/api/settings")).json().language).toBe("nb");
  });

  it("refuses unknown values with a message", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.put("/api/settings", { language: "klingon" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Choose English, Norwegian, Swedish or Danish");
  });

  it("keeps each user's settings apart and needs a session", async () => {
    const { agent: a } = await signUp(t.app);
    const { agent: b } = await signUp(t.app);
    await a.put("/api/settings", { theme: "dark" });
    expect((await b.get("/api/settings")).json().theme).toBe("system");
    expect((await new Agent(t.app).get("/api/settings")).statusCode).toBe(401);
    expect((await new Agent(t.app).put("/api/settings", { theme: "dark" })).statusCode).toBe(401);
  });

  it("issue 33 item 3: there is no currency setting, since Torg's prices are kroner only", async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get("/api/settings")).json()).not.toHaveProperty("currency");
    const response = await agent.put("/api/settings", { currency: "EUR", language: "sv" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty("currency");
    expect(response.json().language).toBe("sv");
  });
});
