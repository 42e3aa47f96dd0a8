import { type APIRequestContext, expect } from "@playwright/test";
import { FAKE_BRING_ACCOUNT } from "../src/server/test/fakes/bring-account";

/**
 * Connects a store to Bring through the seller's own settings route (decision 0079), with the account
 * the journey server's Bring fake knows, sending from 0155 Oslo; every Bring journey starts here.
 */
export async function connectBring(
  request: APIRequestContext,
  store: { id: string; name: string },
  services: string[] = ["5800", "3584", "5600"],
) {
  const connected = await request.put(`/api/stores/${store.id}/carrier`, {
    data: {
      provider: "bring",
      ...FAKE_BRING_ACCOUNT,
      sender: { name: store.name, street: "Storgata 1", postalCode: "0155", city: "Oslo" },
      services: services.map((code) => ({ code })),
      defaultWeightGrams: 800,
    },
  });
  expect(connected.status(), await connected.text()).toBe(200);
}
