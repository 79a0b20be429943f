/**
 * @generated SignedSource<<0396a8cf9408d1d215716b23ed2e7eb0>>
 * @relayHash 94295a267b41f3af28d70e80cebfe76f
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 02ac65ba2c0191283b8161561c77fafd7b85bf42a0c8fa2b8712ad8dcf870b9f

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { SearchPageQuery } from './SearchPageQuery.graphql';

const node: PreloadableConcreteRequest<SearchPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "02ac65ba2c0191283b8161561c77fafd7b85bf42a0c8fa2b8712ad8dcf870b9f",
    "metadata": {},
    "name": "SearchPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
