/**
 * The Mybring account the local Bring fake knows (decision 0079): `npm run dev`, the journeys and the
 * tests connect a store with it. Any other user or key is refused as Bring refuses unknown credentials.
 */
export const FAKE_BRING_ACCOUNT = {
  apiUid: "mybring@torg.test",
  apiKey: "fake-bring-api-key-0001",
  customerNumber: "20012345678",
} as const;
