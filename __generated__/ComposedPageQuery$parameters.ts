/**
 * @generated SignedSource<<f6d0901eb4efc15bfac506f6f7d48ef1>>
 * @relayHash 3c7e8e75bd5a10f8e7e406d76cbc9b50
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d120b045a4aa76456c7966707b74a2d4f59e49d1bc2071a5597ee4b991faa9f7

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "d120b045a4aa76456c7966707b74a2d4f59e49d1bc2071a5597ee4b991faa9f7",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
