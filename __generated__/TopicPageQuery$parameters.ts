/**
 * @generated SignedSource<<a34449956c734c0931a1be41d63dd29a>>
 * @relayHash c44d18d888c08b676aa205606dde7fa0
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 9c48257871614b26fa6680b9e896fa364419cf60e2df59399b7bf8d5dd0f6248

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "9c48257871614b26fa6680b9e896fa364419cf60e2df59399b7bf8d5dd0f6248",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
