import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, createTestApp, openEmailChangeLink, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/users/me", () => {
  it("returns the signed-in user, and 401 when signed out", async () => {
    const { agent, user } = await signUp(t.app, { fullName: "Ingrid Berg" });
    const response = await agent.get("/api/users/me");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, fullName: "Ingrid Berg" });
    expect((await new Agent(t.app).get("/api/users/me")).statusCode).toBe(401);
  });
});

describe("PUT /api/users/{id}", () => {
  it("updates the caller's own name and email (a new email with the current password)", async () => {
    const { agent, user, password } = await signUp(t.app);
    const response = await agent.put(`/api/users/${user.id}`, {
      fullName: "Solveig Dahl",
      email: "Solveig@Example.no",
      currentPassword: password,
    });
    expect(response.statusCode).toBe(200);
    // The name at once; the address once the link sent to it is opened (decision 0065).
    expect(response.json()).toMatchObject({ id: user.id, fullName: "Solveig Dahl", email: user.email });
    expect((await agent.get("/api/me")).json().user.fullName).toBe("Solveig Dahl");
    expect((await openEmailChangeLink(t, agent, "solveig@example.no")).statusCode).toBe(200);
    expect((await agent.get("/api/me")).json().user).toMatchObject({
      email: "solveig@example.no",
      emailVerified: true,
    });
  });

  it.each([
    [{ fullName: "S", email: "s@example.no" }, "Name must be at least 2 characters."],
    [{ fullName: "Solveig", email: "nope" }, "Please enter a valid email address."],
  ])("refuses %o with the profile message %s", async (body, message) => {
    const { agent, user } = await signUp(t.app);
    const response = await agent.put(`/api/users/${user.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("one user cannot update another", async () => {
    const { agent } = await signUp(t.app);
    const { agent: victimAgent, user: victim } = await signUp(t.app, { fullName: "Victim Person" });
    const response = await agent.put(`/api/users/${victim.id}`, {
      fullName: "Hacked",
      email: "hacked@example.no",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You can only update your own account");
    expect((await victimAgent.get("/api/me")).json().user).toMatchObject({
      fullName: "Victim Person",
      email: victim.email,
    });
  });

  it("a new name alone needs no password", async () => {
    const { agent, user } = await signUp(t.app);
    const response = await agent.put(`/api/users/${user.id}`, {
      fullName: "Only The Name",
      email: user.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: "Only The Name", email: user.email });
  });

  it("refuses an email another account uses", async () => {
    const { user: other } = await signUp(t.app);
    const { agent, user, password } = await signUp(t.app);
    const response = await agent.put(`/api/users/${user.id}`, {
      fullName: "Name Here",
      email: other.email.toUpperCase(),
      currentPassword: password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("An account with this email already exists");
  });

  it("answers 401 when signed out", async () => {
    const { user } = await signUp(t.app);
    const response = await new Agent(t.app).put(`/api/users/${user.id}`, {
      fullName: "Name Here",
      email: "x@example.no",
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/users/me/password", () => {
  it("changes the password and signs out every other session", async () => {
    const { agent: laptop, user, password } = await signUp(t.app);
    const phone = new Agent(t.app);
    await phone.post("/api/login", { email: user.email, password });
    expect((await phone.get("/api/me")).statusCode).toBe(200);

    const response = await laptop.post("/api/users/me/password", {
      currentPassword: password,
      newPassword: "a-new-long-password",
    });
    expect(response.statusCode).toBe(200);
    expect((await laptop.get("/api/me")).statusCode).toBe(200);
    expect((await phone.get("/api/me")).statusCode).toBe(401);

    expect((await new Agent(t.app).post("/api/login", { email: user.email, password })).statusCode).toBe(401);
    expect(
      (await new Agent(t.app).post("/api/login", { email: user.email, password: "a-new-long-password" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a wrong current password", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/users/me/password", {
      currentPassword: "wrong-one",
      newPassword: "a-new-long-password",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The current password is incorrect");
  });
});
