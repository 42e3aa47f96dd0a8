import type { FakeEvent, TimelineParcel } from "./bring-timeline";

/** The Bring fake's records (decision 0079), shared by its route files. */
export interface FakeBringAccount {
  apiUid: string;
  apiKey: string;
  customerNumber: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface FakeBooking extends TimelineParcel {
  consignmentNumber: string;
  packageNumbers: string[];
  correlationId: string | null;
  service: string;
  customerNumber: string;
  test: boolean;
  apiUid: string;
  /** The booking request's consignment as it came. */
  consignment: Record<string, unknown>;
  /** Set by setTrackingState / pushTrackingEvent: the automatic timeline stops for this parcel. */
  manualEvents: FakeEvent[] | null;
}
