/**
 * @generated SignedSource<<8c23de7dd9d1db48b9dd7c2bc1b9afac>>
 * @relayHash 909fd9acba0eb1d56562c7c7affbf561
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 8407a98815d6c0486d93f4d8d2af2fe2dd987098ac5946c13981521fdb5a0d71

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { SearchPageQuery } from './SearchPageQuery.graphql';

const node: PreloadableConcreteRequest<SearchPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "8407a98815d6c0486d93f4d8d2af2fe2dd987098ac5946c13981521fdb5a0d71",
    "metadata": {},
    "name": "SearchPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
