/**
 * @generated SignedSource<<fbc0e94aa1e70953dd144b1c93caab76>>
 * @relayHash 3b65c4032e09a9f3d6067b5ca6561199
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d3326292b212a0f741c6c8beb95eaae11daa1db58df5a994190b6ade5b111dc9

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "d3326292b212a0f741c6c8beb95eaae11daa1db58df5a994190b6ade5b111dc9",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
