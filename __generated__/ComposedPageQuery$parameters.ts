/**
 * @generated SignedSource<<dac974665dcfa0c3ca2582547e880039>>
 * @relayHash ee8d8c56fc14a1c3eef1e472f71cd7c1
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d951cbeeff14a0685f5f38c62aa345ab7c53c1a9cd2a1243e73098057bb422e5

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "d951cbeeff14a0685f5f38c62aa345ab7c53c1a9cd2a1243e73098057bb422e5",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
