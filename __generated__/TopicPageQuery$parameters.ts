/**
 * @generated SignedSource<<7b27aa3448a3acae977d83c37d78f2e3>>
 * @relayHash 72fa034314ad642a106d51cde4b82f7b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f6b7fe6f2260daae6a6ab711f75a030b83cfcd27884bb8feb6fa870355c664fb

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "f6b7fe6f2260daae6a6ab711f75a030b83cfcd27884bb8feb6fa870355c664fb",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
