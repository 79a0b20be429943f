/**
 * @generated SignedSource<<7c9b2065dc1af93a8f3d74288f43085d>>
 * @relayHash b5d4e62bc3092ff800a49d30bbefe553
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 34ce63a24c8bc54a971012cd2c33fbf6823f69021b6ad4852bef4a2496670c53

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "34ce63a24c8bc54a971012cd2c33fbf6823f69021b6ad4852bef4a2496670c53",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
