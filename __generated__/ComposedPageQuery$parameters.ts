/**
 * @generated SignedSource<<e86934eec29599e428f5e2bbc333868c>>
 * @relayHash a9b47a3e99a62371b78fa5d7f5c4ccc6
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 488f2ac7535f7380c7a829e66bd6c6ab36fc6d7547e81f1ebf790582f4255a13

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "488f2ac7535f7380c7a829e66bd6c6ab36fc6d7547e81f1ebf790582f4255a13",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
