export interface EmailMessage {
  to: string;
  /** Where the recipient's answer goes: the store's contact address on every shopper e-mail (decision 0066). */
  replyTo?: string;
  subject: string;
  /** The plain-text part: every message has one (decision 0037). */
  text: string;
  /** The same message as HTML; everything a seller or shopper wrote in it is escaped. */
  html: string;
  /**
   * The message exists to deliver a one-time link (a password reset, a proof of address): the log provider
   * writes its text to the server's own log, so whoever runs an install without a mail server can follow it.
   * email_log never keeps the token (decisions 0065, 0066).
   */
  oneTimeLink?: boolean;
}

export interface EmailResult {
  /** "sent" when an SMTP server accepted it; "logged" when the default provider only wrote it down. */
  status: "sent" | "logged";
}

/** Sends one e-mail or throws; retrying is the outbox's job, not the provider's (decision 0037). */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<EmailResult>;
  /** Closes open connections (the SMTP pool) when the server stops. */
  close?(): void;
}
