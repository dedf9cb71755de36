/**
 * Plain records that storage returns and services use as they are: defined once here, because
 * `db` and `services` may both import the domain but not each other.
 */

/** An API key as listed: never the secret, only its recognisable prefix. */
export interface ApiKeyRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

/** A session's deposit address in one chain family, watched until `watchUntil`. */
export interface SessionAddress {
  sessionId: string;
  family: string;
  livemode: boolean;
  address: string;
  derivationIndex: number;
  watchUntil: number;
}

/** An event in the outbox; `payload` is the JSON of `data.object` when it happened. */
export interface StoredEvent {
  id: string;
  merchantId: string;
  livemode: boolean;
  type: string;
  objectId: string;
  payload: string;
  createdAt: number;
}
