export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsResult {
  /** "sent" when a gateway accepted it; "logged" when the default provider only wrote it down (decision 0008). */
  status: "sent" | "logged";
}

/** Sends one SMS or throws; retrying is the outbox's job, not the provider's. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsResult>;
}
