/**
 * @generated SignedSource<<488f6e9b00bbbfb13912c4be468d00f5>>
 * @relayHash c4b88fbb0feb20714b06ae811e08d71e
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f86d771934b10ca8a70a62834612ad0e0d84b6542b0413be57761bf1a6f0508f

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "f86d771934b10ca8a70a62834612ad0e0d84b6542b0413be57761bf1a6f0508f",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
