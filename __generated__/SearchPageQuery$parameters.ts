/**
 * @generated SignedSource<<9afe6231cab37353f04ce43384c75921>>
 * @relayHash dae9ff468f5befafc6bc54c20e5e38f0
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID be161b43429acdafef76d594f6d978d7cef8863e27a398b4e743c43ade8fa29b

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { SearchPageQuery } from './SearchPageQuery.graphql';

const node: PreloadableConcreteRequest<SearchPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "be161b43429acdafef76d594f6d978d7cef8863e27a398b4e743c43ade8fa29b",
    "metadata": {},
    "name": "SearchPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
