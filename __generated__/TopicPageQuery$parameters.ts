/**
 * @generated SignedSource<<9d75c3e127724debcbc5ccb2d2d7582e>>
 * @relayHash 1bac252451ece4a963d3d72660539fad
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ce6f7c46f6bc8d7ae463f12f23e3cfc8a6f2e292cac0c20bbe0d6b65c1e21641

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "ce6f7c46f6bc8d7ae463f12f23e3cfc8a6f2e292cac0c20bbe0d6b65c1e21641",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
