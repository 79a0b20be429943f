/**
 * @generated SignedSource<<ae69ab1c0678c82844cac965887d0b99>>
 * @relayHash f604115f185fa5319fd62bdddc53d0a3
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID bbc129c141a40dedcc50c3e223f5d307571ff148449606b9e77c3e96993b0829

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "bbc129c141a40dedcc50c3e223f5d307571ff148449606b9e77c3e96993b0829",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
