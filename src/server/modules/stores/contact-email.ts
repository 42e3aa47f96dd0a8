import { and, eq, sql } from "drizzle-orm";
import type { Language } from "../../../shared/preferences";
import type { Db, DbOrTx } from "../../db/client";
import { emailOutbox, storeContactEmailConfirmations, storeMembers, stores, users } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import type { StoreRow } from "../../lib/guards";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { hashToken, newSecretToken } from "../../lib/secret-token";

/** How long a confirmation link works (decision 0066): a day, enough for a mailbox read once a day. */
export const CONTACT_LINK_TTL_HOURS = 24;
/** Links one store may have sent per hour: each is an e-mail to an address a member typed. */
export const CONTACT_LINKS_PER_STORE_PER_HOUR = 5;

/**
 * The address shoppers see and answer to, as SQL over a stores row called `alias` (decision 0066): the
 * store's contact address once it equals the confirmed one, else its first owner's account address.
 * One rule, read by the storefront, the order page and the e-mail outbox in their own statements.
 */
export const contactEmailSqlText = (alias: string) =>
  `coalesce(case when ${alias}.contact_email = ${alias}.verified_contact_email then ${alias}.contact_email end, (select u.email from store_members m join users u on u.id = m.user_id where m.store_id = ${alias}.id and m.role = 'owner' order by m.joined_at, m.id limit 1), '')`;

export const contactEmailSql = (alias: string) => sql.raw(contactEmailSqlText(alias));

/** The link's token only as its hash, bound to the store and address, so the table alone opens nothing. */

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The account addresses of the store's owners, first owner first: the default contact address. */
export async function ownerEmails(db: DbOrTx, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.role, "owner")))
    .orderBy(storeMembers.joinedAt, storeMembers.id);
  return rows.map((row) => row.email);
}

/** What a store read says of its contact address: as set, in use, and whether it waits for its link. */
export function contactEmailView(row: StoreRow, owners: string[]) {
  const confirmed = row.contactEmail !== null && row.contactEmail === row.verifiedContactEmail;
  return {
    contactEmail: row.contactEmail,
    contactEmailInUse: (confirmed ? row.contactEmail : owners[0]) ?? "",
    contactEmailPending: row.contactEmail !== null && !confirmed,
  };
}

/**
 * The columns a saved contact address sets (decision 0066): none for the owner's default; an owner's own
 * account address is theirs already (confirmed at once); an address confirmed before stays confirmed;
 * any other waits for its link (`needsLink`).
 */
export async function contactEmailChanges(
  db: DbOrTx,
  store: StoreRow,
  wanted: string | null,
): Promise<{ contactEmail: string | null; verifiedContactEmail?: string | null; needsLink: boolean }> {
  if (!wanted) return { contactEmail: null, needsLink: false };
  const owner = (await ownerEmails(db, store.id)).find((email) => sameAddress(email, wanted));
  if (owner) return { contactEmail: wanted, verifiedContactEmail: wanted, needsLink: false };
  if (store.verifiedContactEmail === wanted) return { contactEmail: wanted, needsLink: false };
  return { contactEmail: wanted, needsLink: wanted !== store.contactEmail };
}

export interface ContactLinkRequest {
  /** Torg's public address, for the link; without one no link can be sent. */
  linkOrigin: string;
  /** The language of the member who set the address: the e-mail is theirs to open. */
  language: Language;
}

/**
 * Sends a fresh confirmation link to the store's contact address, replacing any earlier link, through the
 * e-mail outbox (it shares the per-recipient limit of addresses someone typed). The token is in the
 * outbox's params only until the message is sent or given up (outbox.ts clears it); the table keeps its
 * hash. Counted against the store's hourly allowance.
 */
export async function sendContactEmailLink(
  db: Db,
  store: StoreRow,
  request: ContactLinkRequest,
): Promise<{ email: string; expiresAt: string }> {
  const email = store.contactEmail;
  if (!email || email === store.verifiedContactEmail) throw conflict("contactEmailNotPending");
  await enforceQuota(db, {
    key: `email:contact-link:store:${store.id}`,
    limit: CONTACT_LINKS_PER_STORE_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyContactLinks",
  });
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + CONTACT_LINK_TTL_HOURS * HOUR_MS);
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    await tx
      .insert(storeContactEmailConfirmations)
      .values({ storeId: store.id, email, tokenHash, expiresAt })
      .onConflictDoUpdate({
        target: storeContactEmailConfirmations.storeId,
        set: { email, tokenHash, expiresAt, createdAt: new Date() },
      });
    await tx.insert(emailOutbox).values({
      storeId: store.id,
      toAddress: email,
      purpose: "contact_email_confirmation",
      linkOrigin: request.linkOrigin,
      params: {
        language: request.language,
        storeId: store.id,
        store: store.name,
        email,
        token,
        hours: String(CONTACT_LINK_TTL_HOURS),
      },
    });
  });
  return { email, expiresAt: expiresAt.toISOString() };
}

/**
 * Opens a confirmation link: public (whoever holds the e-mail holds the token). The token must be the
 * store's current one, unexpired, for the address the store still asks for; it works once. Wrong, used
 * and replaced tokens are one 400, saying nothing about which stores exist.
 */
export async function confirmContactEmail(
  db: Db,
  storeId: string,
  token: string,
  onCatalogueChange: OnCatalogueChange,
): Promise<{ email: string; store: string }> {
  const tokenHash = hashToken(token);
  const confirmed = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(storeContactEmailConfirmations)
      .where(
        and(
          eq(storeContactEmailConfirmations.tokenHash, tokenHash),
          sql`${storeContactEmailConfirmations.storeId}::text = ${storeId}`,
        ),
      )
      .returning();
    if (!pending) throw badRequest("contactLinkInvalid");
    if (pending.expiresAt.getTime() <= Date.now()) return "expired" as const;
    const [store] = await tx
      .update(stores)
      .set({ verifiedContactEmail: pending.email })
      .where(
        and(
          eq(stores.id, pending.storeId),
          eq(stores.contactEmail, pending.email),
          sql`${stores.deletedAt} is null`,
        ),
      )
      .returning({ name: stores.name });
    if (!store) throw badRequest("contactLinkInvalid");
    return { email: pending.email, store: store.name };
  });
  // An expired link is used up all the same (deleted above): a new one comes from the settings.
  if (confirmed === "expired") throw new HttpError(400, "contactLinkExpired");
  onCatalogueChange();
  return confirmed;
}
