import { GraphQLTransportError, type GraphQLErrorShape } from './fetchGraphQL';

/**
 * The `extensions.code` of the first GraphQL error behind a failed operation:
 * from the transport (an error status with an errors array) or from Relay
 * (errors and no data: Relay puts the response's errors on `error.source`).
 */
export function graphQLErrorCode(error: unknown): string | undefined {
  if (error instanceof GraphQLTransportError) return error.errors[0]?.extensions?.code;
  const source = (error as { source?: { errors?: readonly GraphQLErrorShape[] } } | null)?.source;
  return source?.errors?.[0]?.extensions?.code;
}
