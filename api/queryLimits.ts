import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { MAX_FIRST } from '../shared/limits';

/**
 * Every limit the API sets on what a client sends (docs/http-and-cache.md#security-headers), in one place.
 * Anything past them is a client error with a clear message, never a 500.
 */

/** Limits for query text a client writes itself (development only; production runs persisted queries). */
export const MAX_DEPTH = 12;
export const MAX_COST = 5_000;

/** A GraphQL POST body, in bytes (a persisted request is a few hundred). */
export const MAX_BODY_BYTES = 100 * 1024;
/** Nesting of `variables` (objects and lists); the deepest real input is 2. */
export const MAX_VARIABLES_DEPTH = 16;
/** `variables` as JSON, in bytes. */
export const MAX_VARIABLES_BYTES = 10 * 1024;
/** A pagination cursor's length in characters (the API's own are under 60). */
export const MAX_CURSOR_LENGTH = 200;
/** The largest offset an offset cursor may hold (far past any real list). */
export const MAX_CURSOR_OFFSET = 100_000;

interface Measure {
  depth: number;
  cost: number;
}

/**
 * Depth: nesting of fields. Cost: every field costs 1, times the page sizes
 * (`first`) of the lists around it, so `articles(first: 50) { related(first: 50) }`
 * costs what it would make the database do.
 */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const firstArgument = selection.arguments?.find(
        (argument) => argument.name.value === 'first',
      )?.value;
      const multiplier =
        firstArgument?.kind === Kind.INT
          ? Number(firstArgument.value)
          : firstArgument?.kind === Kind.VARIABLE
            ? MAX_FIRST
            : 1;
      const inner = selection.selectionSet
        ? measure(selection.selectionSet, fragments, seen)
        : { depth: 0, cost: 0 };
      depth = Math.max(depth, inner.depth + 1);
      cost += 1 + Math.max(multiplier, 1) * inner.cost;
    } else {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && seen.has(selection.name.value)))
        continue;
      const inner = measure(
        fragment.selectionSet,
        fragments,
        selection.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, selection.name.value]) : seen,
      );
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
  }
  return { depth, cost };
}

export function operationLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map(
    context
      .getDocument()
      .definitions.filter(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return {
    OperationDefinition(operation) {
      const { depth, cost } = measure(operation.selectionSet, fragments, new Set());
      if (depth > MAX_DEPTH || cost > MAX_COST) {
        context.reportError(
          new GraphQLError(
            `This query is too large (depth ${depth}, cost ${cost}; the limits are ${MAX_DEPTH} and ${MAX_COST}).`,
            {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            },
          ),
        );
      }
    },
  };
}

/** Applies the limits to query text only: persisted queries were reviewed when they were compiled. */
export function useQueryLimitsForText(): Plugin {
  return {
    onValidate({ context, addValidationRule }) {
      const { params, request } = context as unknown as {
        params?: { doc_id?: unknown };
        request?: Request;
      };
      const persisted =
        typeof params?.doc_id === 'string' ||
        (request ? new URL(request.url).searchParams.has('doc_id') : false);
      if (!persisted) addValidationRule(operationLimitsRule);
    },
  };
}
