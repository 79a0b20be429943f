/**
 * @generated SignedSource<<67119762f30e8775f88076efb19323c6>>
 * @relayHash bfe424a11a46e52a5de9ec00ff037049
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 340631f38549c516458bbcce035bf7ef4be15e937a488884d56380788e39a65c

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "340631f38549c516458bbcce035bf7ef4be15e937a488884d56380788e39a65c",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
