import { Client } from 'pg';

/** One connection to `url` for the length of `fn` (tests and the bench, talking to PostgreSQL beside the server). */
export async function withPostgresClient<T>(
  url: string,
  fn: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
