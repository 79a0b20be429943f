import type { Database } from '../db/database';

/** A newsletter subscription: readers' own data, in Folio's database whatever the content source. */
export interface Subscription {
  email: string;
  /** ISO instant. */
  subscribedAt: string;
}

/** Subscribes a checked address; null when it is subscribed already (nothing changes). */
export async function addSubscription(db: Database, email: string): Promise<Subscription | null> {
  const { rows } = await db.query<{ email: string; subscribed_at: Date | string }>(
    `INSERT INTO newsletter_subscriptions (email) VALUES ($1)
     ON CONFLICT (email) DO NOTHING RETURNING email, subscribed_at`,
    [email],
  );
  const row = rows[0];
  return row ? { email: row.email, subscribedAt: new Date(row.subscribed_at).toISOString() } : null;
}
